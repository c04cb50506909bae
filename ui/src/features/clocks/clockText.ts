/** Words and dates of the clock pages' notes and footers, cards and embeds, in either language. */
import { formatSeconds, secondsPerEvent } from '../../../../common/clock/format.ts';
import { excludedForceNote, SYNTHETIC_DATA_NOTE } from '../../../../common/clock/police-definition.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import { formatDate as formatLocaleDate, type Locale } from '../../../../common/i18n/locale.ts';
import { wordMessage as clockMessage } from './clockWords.ts';
import type { FeedStatus } from './feedState.ts';

const LONDON = 'Europe/London';

/** "24 July 2025", "24 Gorffennaf 2025"; a date-time also gets its London time. Unreadable input is shown as given. */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  // A bare date is a London calendar date; read at noon UTC it is the same day in London.
  const instant = Date.parse(dateOnly ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(instant)) return iso;
  return formatLocaleDate(instant, locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit' }),
    timeZone: LONDON,
  });
}

/** "June 2025" ("Mehefin 2025") from "2025-06": the long month plus year. */
export function formatMonth(yearMonth: string, locale: Locale = 'en'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  return formatLocaleDate(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1), locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The period the clock counts over, in the survey footer's wording. */
export function calendarPeriodText(year: number, locale: Locale = 'en'): string {
  return clockMessage(locale, 'clockWords.calendarPeriod', { year: String(year) });
}

/** "in 12 days", "due now": when the next data update is due. */
export function daysUntilText(days: number | null, locale: Locale = 'en'): string | null {
  if (days === null) return null;
  if (days <= 0) return clockMessage(locale, 'clockWords.dueNow');
  return clockMessage(locale, 'clockWords.daysUntil', { days });
}

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/**
 * An interval in the units a person reads, as common/clock/format.ts's formatInterval words it in
 * English (same units, same rounding: its tests hold the thresholds), in either language.
 */
export function intervalText(seconds: number, locale: Locale = 'en'): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  const shown = formatSeconds(seconds);
  if (Number(shown.replace(/,/g, '')) < MINUTE)
    return clockMessage(locale, 'clockWords.interval.seconds', { seconds: shown });
  const wholeSeconds = Math.round(seconds);
  if (wholeSeconds < HOUR) {
    return clockMessage(locale, 'clockWords.interval.minutes', {
      minutes: Math.floor(wholeSeconds / MINUTE),
      seconds: wholeSeconds % MINUTE,
    });
  }
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < DAY / MINUTE) {
    return clockMessage(locale, 'clockWords.interval.hours', {
      hours: Math.floor(minutes / 60),
      minutes: minutes % 60,
    });
  }
  // From ten days on, the hours are noise.
  if (seconds >= 9.5 * DAY)
    return clockMessage(locale, 'clockWords.interval.days', { days: Math.round(seconds / DAY) });
  const hours = Math.round(seconds / HOUR);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0
    ? clockMessage(locale, 'clockWords.interval.days', { days })
    : clockMessage(locale, 'clockWords.interval.daysHours', { days, hours: rest });
}

/** What one event on a counter is: a crime, an exposure (all prevalence), a person affected (one kind). */
export type ClockEvent = 'crime' | 'exposure' | 'person';

/** "1 crime every 3.4 seconds", "Un drosedd bob 3.4 eiliad"; "Static" when nothing happens. */
export function everyText(perSecond: number, what: ClockEvent = 'crime', locale: Locale = 'en'): string {
  const seconds = secondsPerEvent(perSecond);
  return seconds === null
    ? clockMessage(locale, 'clockWords.static')
    : clockMessage(locale, 'clockWords.every', { what, interval: intervalText(seconds, locale) });
}

/** "12.5 seconds until next crime", "12.5 eiliad tan y drosedd nesaf"; "Static" when nothing happens. */
export function untilNextText(
  secondsUntil: number | null,
  what: ClockEvent = 'crime',
  locale: Locale = 'en',
): string {
  return secondsUntil === null || !Number.isFinite(secondsUntil)
    ? clockMessage(locale, 'clockWords.static')
    : clockMessage(locale, 'clockWords.untilNext', { what, interval: intervalText(secondsUntil, locale) });
}

/** Whether the definition says its figures are the generated sample rather than real records. */
export function isSyntheticData(meta: ClockMeta): boolean {
  return meta.notes.includes(SYNTHETIC_DATA_NOTE);
}

/**
 * Notes to list under the data sources. The synthetic-data warning gets its own banner, and each
 * excluded force its own line (from excludedForces, named in the page's language), so the notes
 * that repeat them are left out: known as the notes the definition writes for them, whatever
 * their words.
 */
export function otherNotes(meta: ClockMeta): string[] {
  const repeated = new Set([SYNTHETIC_DATA_NOTE, ...meta.excludedForces.map(excludedForceNote)]);
  return meta.notes.filter((note) => !repeated.has(note));
}

/** The live status in a word or two; `short` for small spaces (embeds), where the title still explains. */
export function statusText(status: FeedStatus, locale: Locale, short = false): string {
  if (short && status === 'polling') return clockMessage(locale, 'clockWords.status.pollingShort');
  return clockMessage(locale, `clockWords.status.${status}`);
}
