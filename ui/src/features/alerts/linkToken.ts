/** The token of a confirmation or unsubscribe link (`?token=`), kept as the mail wrote it. */
export function validateTokenSearch(raw: Record<string, unknown>): { token?: string } {
  const token = raw.token;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(token) ? { token } : {};
}
