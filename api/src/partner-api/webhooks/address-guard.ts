import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MAX_LENGTH } from '../../../../common/contracts/webhooks.ts';

/**
 * Which targets a webhook may reach. By default only https to globally routable addresses: no
 * private, loopback, link-local, unique-local, CGNAT, multicast, documentation or other special
 * range (ipaddr.js names them; anything it does not call `unicast` is refused, and IPv6 must also
 * lie in the global unicast block 2000::/3). An IPv4-mapped IPv6 address is judged as the IPv4
 * address it carries. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_ADDRESSES) lifts both rules.
 */

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether an address (IPv4 or IPv6 text) is one the public internet routes to. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns ::ffff:10.0.0.1 into 10.0.0.1, so a mapped address cannot pass as IPv6.
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; error: string };

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** The checks that need no DNS: at registration, and again before each delivery. */
export function checkWebhookUrl(text: string, allowPrivate: boolean): UrlCheck {
  if (text.length > WEBHOOK_URL_MAX_LENGTH)
    return { ok: false, error: `url may be at most ${WEBHOOK_URL_MAX_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'url is not a valid absolute URL.' };
  }
  const protocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) return { ok: false, error: 'url must be an https URL.' };
  if (url.username !== '' || url.password !== '')
    return { ok: false, error: 'url must not carry credentials (user:password@).' };
  if (url.hash !== '') return { ok: false, error: 'url must not have a #fragment.' };
  const host = hostOf(url);
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host))
    return { ok: false, error: `url points at a private or reserved address (${host}).` };
  return { ok: true, url };
}

export class WebhookTargetRefused extends Error {
  override readonly name = 'WebhookTargetRefused';
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `url`: every address the host resolves to must be public (one
 * private answer among public ones refuses the whole host, since a later lookup could return it),
 * and the caller connects to the one returned, so a second DNS answer cannot switch the target.
 */
export async function resolveTarget(
  url: URL,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const answers = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv4' ? 4 : 6 }]
    : await (options.resolve ?? systemResolver)(host);
  if (answers.length === 0) throw new WebhookTargetRefused(`${host} has no address.`);
  if (!options.allowPrivate) {
    const refused = answers.find((answer) => !isPublicAddress(answer.address));
    if (refused)
      throw new WebhookTargetRefused(
        `${host} resolves to a private or reserved address (${refused.address}).`,
      );
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
