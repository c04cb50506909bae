/** Words and dates of the clock pages' notes and footers. */
import { SYNTHETIC_DATA_NOTE } from '../../../../common/clock/police-definition.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';

const LONDON = 'Europe/London';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: LONDON,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LONDON,
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "24 July 2025"; a date-time also gets its London time. Unreadable input is shown as given. */
export function formatDate(iso: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  // A bare date is a London calendar date; read at noon UTC it is the same day in London.
  const instant = Date.parse(dateOnly ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(instant)) return iso;
  return (dateOnly ? dateFormat : dateTimeFormat).format(instant);
}

/** "June 2025" from "2025-06" (the specification's en-GB long month plus year). */
export function formatMonth(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  return monthFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** The period the clock counts over, in the survey footer's wording. */
export function calendarPeriodText(year: number): string {
  return `1 Jan ${year} 00:01 to 31 Dec ${year} 23:59`;
}

/** "in 12 days", "today": when the next data update is due. */
export function daysUntilText(days: number | null): string | null {
  if (days === null) return null;
  if (days <= 0) return 'due now';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** Whether the definition says its figures are the generated sample rather than real records. */
export function isSyntheticData(meta: ClockMeta): boolean {
  return meta.notes.includes(SYNTHETIC_DATA_NOTE);
}

/**
 * Notes to list under the data sources. The synthetic-data warning gets its own banner, and each
 * excluded force its own line (from excludedForces), so the notes that repeat them are left out.
 */
export function otherNotes(meta: ClockMeta): string[] {
  return meta.notes.filter(
    (note) =>
      note !== SYNTHETIC_DATA_NOTE &&
      !meta.excludedForces.some((force) => note.startsWith(`${force.name} is not included`)),
  );
}
