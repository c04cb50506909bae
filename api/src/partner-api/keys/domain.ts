/**
 * The domain a partner key may be used from, and the rule that applies it to a browser's Origin.
 *
 * Rule: a key with a domain accepts a request whose Origin is http(s) on that host or on any
 * subdomain of it, whatever the port (`example.com` accepts `https://example.com` and
 * `https://www.example.com`, not `https://badexample.com`). A request without an Origin header is
 * a server-to-server call and is accepted: the domain binds a key to a site's pages, it does not
 * stop someone who holds the key from calling from a server. A key without a domain accepts any
 * Origin.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type DomainResult = { ok: true; domain: string | null } | { ok: false; error: string };

/**
 * The trimmed, lower-case host name an admin typed (international names in their ASCII form), or
 * null for an empty field. Refuses anything that is not a bare host name.
 */
export function normaliseDomain(input: string | null | undefined): DomainResult {
  const trimmed = (input ?? '').trim().replace(/\.$/, '');
  if (trimmed === '') return { ok: true, domain: null };
  const refusal = {
    ok: false as const,
    error: `"${trimmed.slice(0, 80)}" is not a host name; enter a domain such as partner.example.com (no https://, port or path)`,
  };
  if (trimmed.length > 253 || /[\s/:?#@\\[\]]/.test(trimmed)) return refusal;
  let hostname: string;
  try {
    hostname = new URL(`http://${trimmed}`).hostname;
  } catch {
    return refusal;
  }
  if (hostname.length > 253 || !hostname.split('.').every((label) => LABEL.test(label))) return refusal;
  return { ok: true, domain: hostname };
}

/** The host name of an http(s) Origin header, or null for none, "null" or anything else. */
export function originHostname(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : null;
  } catch {
    return null;
  }
}

/** Whether a request with this Origin header may use a key bound to `domain` (see the rule above). */
export function originAllowed(domain: string | null, origin: string | undefined): boolean {
  if (domain === null || origin === undefined) return true;
  const host = originHostname(origin);
  return host !== null && (host === domain || host.endsWith(`.${domain}`));
}
