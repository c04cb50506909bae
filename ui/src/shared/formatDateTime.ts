import { formatDate, type Locale } from '../../../common/i18n/locale.ts';

/** Date and time as readers in the UK read them, London time: "3 Jun 2025, 14:05". */
const LONDON_DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
};

/**
 * The one date-and-time format of the UI, in English ("3 Jun 2025, 14:05") or Welsh ("3 Meh 2025,
 * 14:05"; common/i18n/locale.ts puts the month into Welsh): '—' for nothing, the text itself when
 * unreadable.
 */
export function formatDateTime(iso: string | null | undefined, locale: Locale = 'en'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date, locale, LONDON_DATE_TIME);
}
