/**
 * Text of the clock pages. Number grouping is done by hand rather than through Intl so that the
 * server-rendered text, every browser and the tests produce byte-identical strings.
 */

export const STATIC_TEXT = 'Static';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** en-GB digits with thousands separators and a fixed number of decimals. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + groupThousands(whole) + (fraction === undefined ? '' : `.${fraction}`);
}

/** A running count as shown on the clocks: whole number, en-GB grouping. */
export function formatCount(count: number): string {
  return formatNumber(Math.floor(count));
}

/** Decimals for an interval in seconds: more as it shrinks, so a short one never reads 0.0. */
export function secondsDecimals(seconds: number): 1 | 2 | 3 {
  if (seconds >= 1) return 1;
  if (seconds >= 0.1) return 2;
  return 3;
}

/** An interval in seconds with the specification's precision. */
export function formatSeconds(seconds: number): string {
  return formatNumber(seconds, secondsDecimals(seconds));
}

/** Seconds between events at a rate; null when the rate is zero (or not a rate). */
export function secondsPerEvent(perSecond: number): number | null {
  return perSecond > 0 && Number.isFinite(perSecond) ? 1 / perSecond : null;
}

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/**
 * An interval in the units a person reads: under a minute in seconds with the specification's
 * precision ("3.4 seconds"), under an hour in minutes and seconds ("4 min 12 s"), under a day in
 * hours and minutes ("6 h 28 min"), from a day in days and hours ("2 days 3 h"). Each form is
 * rounded to its last unit, so 59 min 59.7 s reads "1 h 0 min", not "59 min 60 s".
 */
export function formatInterval(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  if (Number(formatSeconds(seconds).replace(/,/g, '')) < MINUTE) {
    return `${formatSeconds(seconds)} seconds`;
  }
  const wholeSeconds = Math.round(seconds);
  if (wholeSeconds < HOUR) {
    return `${Math.floor(wholeSeconds / MINUTE)} min ${wholeSeconds % MINUTE} s`;
  }
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < DAY / MINUTE) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  // From ten days on, the hours are noise.
  if (seconds >= 9.5 * DAY) return plural(Math.round(seconds / DAY), 'day');
  const hours = Math.round(seconds / HOUR);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${rest} h`;
}

/** "1 crime every 3.4 seconds", "1 crime every 6 h 28 min"; "Static" when nothing happens. */
export function everyText(perSecond: number, what = 'crime'): string {
  const seconds = secondsPerEvent(perSecond);
  return seconds === null ? STATIC_TEXT : `1 ${what} every ${formatInterval(seconds)}`;
}

/** Long form for headlines: "9.4 million". */
export function formatMillions(value: number): string {
  return `${trimZero((value / 1_000_000).toFixed(1))} million`;
}

function trimZero(fixed: string): string {
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

export function formatPercent(percent: number, decimals = 1): string {
  return `${trimZero(percent.toFixed(decimals))}%`;
}
