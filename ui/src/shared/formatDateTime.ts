/** Date and time as readers in the UK read them, London time, e.g. "3 Jun 2025, 14:05". */
const LONDON_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** The one date-and-time format of the UI: '—' for nothing, the text itself when unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return LONDON_DATE_TIME.format(date);
}
