/**
 * Who may read `/metrics` on the API and realtime nodes. Both serve them only when METRICS_TOKEN is
 * set (404 otherwise), and then a scraper must send `Authorization: Bearer <token>`. One rule for
 * both servers, so they cannot drift apart.
 */

/** The `WWW-Authenticate` value a 401 from `/metrics` carries. */
export const METRICS_AUTH_CHALLENGE = 'Bearer realm="metrics"';

/** True when `/metrics` may be answered for a request with this Authorization header. */
export function metricsAccessAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  // The scheme is case-insensitive (RFC 9110 §11.1); the token itself is compared exactly.
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && sameText(presented, token);
}

/** Compares in a time that depends only on the expected token's length, not on where they differ. */
function sameText(presented: string, expected: string): boolean {
  let difference = presented.length ^ expected.length;
  for (let i = 0; i < expected.length; i += 1) {
    difference |= (i < presented.length ? presented.charCodeAt(i) : 0) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}
