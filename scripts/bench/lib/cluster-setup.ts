/**
 * Set-up steps shared by the benchmarks that drive a started cluster through its proxy (the soak,
 * the partner throughput run): requests that must succeed, the first admin API node 1 printed,
 * the postcodes the store can place, and a partner API key made the way an admin makes one.
 */
import { REAL_POSTCODES } from '../../data-sample/places.ts';
import type { CookieJar, HttpClient, HttpRequestSpec } from '../soak/http-client.ts';

/** A set-up request (not measured): must succeed; answers JSON parsed, anything else as text. */
export type SetupRequest = (spec: HttpRequestSpec, jar?: CookieJar) => Promise<unknown>;

/** Set-up requests through `http`, each with the site's Origin (the API's CSRF check wants it). */
export function setupRequests(http: HttpClient): SetupRequest {
  return async (spec, jar) => {
    const cookie = jar?.header();
    const answer = await http.send({
      ...spec,
      headers: { origin: http.origin, ...(cookie ? { cookie } : {}), ...spec.headers },
    });
    jar?.take(answer.headers);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${spec.method} ${spec.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    return answer.headers['content-type']?.includes('json') ? JSON.parse(answer.body) : answer.body;
  };
}

/** The first admin's credentials as API node 1 prints them when it creates one (api/src/server.ts). */
export function firstAdminOf(output: string): { username: string; password: string } | undefined {
  const printed = /Username: (\S+)\s+Password: (\S+)/.exec(output);
  return printed ? { username: printed[1]!, password: printed[2]! } : undefined;
}

/**
 * Postcodes the store can place: the sample's well-known ones it knows, and a few of the generated
 * ones around each (from the postcode autocomplete). Throws when it knows none.
 */
export async function knownPostcodes(http: HttpClient, setup: SetupRequest): Promise<string[]> {
  const postcodes = new Set<string>();
  for (const real of REAL_POSTCODES) {
    const answer = await http.send({
      method: 'GET',
      path: `/api/postcodes/${encodeURIComponent(real.postcode)}`,
    });
    if (answer.status === 200) postcodes.add(real.postcode);
    const outward = real.postcode.split(' ')[0]!;
    const suggestions = (await setup({
      method: 'GET',
      path: `/api/postcodes/autocomplete?q=${encodeURIComponent(outward)}`,
    })) as { result: string[] };
    for (const p of suggestions.result.slice(0, 4)) postcodes.add(p);
  }
  if (postcodes.size === 0) throw new Error('the store knows none of the postcodes tried: is data imported?');
  return [...postcodes];
}

/** A partner API key, created by a signed-in admin (`jar`) as the admin screen does. */
export async function createPartnerKey(
  setup: SetupRequest,
  jar: CookieJar,
  name: string,
  dailyRateLimit: number,
): Promise<{ apiKey: string; key: { id: number } }> {
  return (await setup(
    { method: 'POST', path: '/api/admin/api-keys', body: { name, domain: null, dailyRateLimit } },
    jar,
  )) as { apiKey: string; key: { id: number } };
}
