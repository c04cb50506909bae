/**
 * The months data.police.uk has published street crime for, from `{POLICE_API_URL}/crimes-street-dates`
 * (an array of `{ date: "YYYY-MM", "stop-and-search": [...] }`, newest first).
 */
export async function fetchPublishedMonths(
  policeApiUrl: string,
  options: { timeoutMs?: number } = {},
): Promise<string[]> {
  const url = `${policeApiUrl}/crimes-street-dates`;
  const response = await fetch(url, {
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  if (!Array.isArray(body)) throw new Error(`${url} did not answer a list of months`);
  const months = body
    .map((entry: unknown) => (entry as { date?: unknown } | null)?.date)
    .filter((date): date is string => typeof date === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(date));
  if (months.length === 0) throw new Error(`${url} listed no months`);
  return months;
}

/** "2024-03" as the store keeps it (202403). */
export const yyyymm = (month: string) => Number(month.replace('-', ''));
