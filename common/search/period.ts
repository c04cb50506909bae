import {
  EARLIEST_POLICE_MONTH,
  addMonths,
  formatMonth,
  monthLabel,
  monthSpan,
  parseMonth,
  type MonthNumber,
} from './months.ts';

/** The period presets of the search form, as sent to the server. */
export const PERIOD_PRESETS = [
  { preset: 'RECENT_1_MONTH', months: 1, choice: '1month', label: '1 Month' },
  { preset: 'RECENT_3_MONTHS', months: 3, choice: '3months', label: '3 Months' },
  { preset: 'RECENT_6_MONTHS', months: 6, choice: '6months', label: '6 Months' },
  { preset: 'RECENT_12_MONTHS', months: 12, choice: '12months', label: '1 Year' },
  { preset: 'RECENT_24_MONTHS', months: 24, choice: '24months', label: '2 Years' },
  { preset: 'ALL_AVAILABLE', months: 60, choice: 'all', label: 'All Data (5yr)' },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['preset'];
export type PresetChoice = (typeof PERIOD_PRESETS)[number]['choice'];
/** The time-period choice of the form. */
export type TimePeriodChoice = PresetChoice | 'single' | 'range';

export const DEFAULT_PERIOD_PRESET: PeriodPreset = 'RECENT_3_MONTHS';
export const DEFAULT_PERIOD_CHOICE: TimePeriodChoice = '3months';
/**
 * The longest period a search may cover: the "All Data (5yr)" horizon. It bounds the work of one
 * request and matches what the product offers.
 */
export const MAX_PERIOD_MONTHS = 60;

const presetByName = new Map<string, (typeof PERIOD_PRESETS)[number]>(
  PERIOD_PRESETS.map((p) => [p.preset, p]),
);

export function isPeriodPreset(value: string): value is PeriodPreset {
  return presetByName.has(value);
}

export type Period =
  { kind: 'preset'; preset: PeriodPreset } | { kind: 'months'; start: MonthNumber; end: MonthNumber };

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const presetNames = PERIOD_PRESETS.map((p) => p.preset).join(', ');

/**
 * Reads the request's startMonth/endMonth. A preset comes with an empty endMonth; a single month
 * is a month alone or the same month twice; a range is two months, oldest first. Nothing given
 * means the form's default (3 months).
 */
export function parsePeriod(startMonth?: string | null, endMonth?: string | null): Checked<Period> {
  const start = startMonth?.trim() ?? '';
  const end = endMonth?.trim() ?? '';
  if (start === '' && end === '')
    return { ok: true, value: { kind: 'preset', preset: DEFAULT_PERIOD_PRESET } };
  if (start === '') return { ok: false, error: 'startMonth is required when endMonth is given' };
  if (isPeriodPreset(start)) {
    if (end !== '')
      return { ok: false, error: `endMonth must be empty when startMonth is the preset ${start}` };
    return { ok: true, value: { kind: 'preset', preset: start } };
  }
  const first = parseMonth(start);
  if (first === undefined) {
    return {
      ok: false,
      error: `startMonth must be a month as YYYY-MM (e.g. 2025-06) or one of ${presetNames}`,
    };
  }
  const last = end === '' ? first : parseMonth(end);
  if (last === undefined) return { ok: false, error: 'endMonth must be a month as YYYY-MM (e.g. 2025-06)' };
  if (first < EARLIEST_POLICE_MONTH) {
    return {
      ok: false,
      error: `Police data starts in ${monthLabel(EARLIEST_POLICE_MONTH)}; ${formatMonth(first)} is before that`,
    };
  }
  if (last < first) {
    return { ok: false, error: `startMonth ${formatMonth(first)} is after endMonth ${formatMonth(last)}` };
  }
  if (monthSpan(first, last) > MAX_PERIOD_MONTHS) {
    return { ok: false, error: `A search covers at most ${MAX_PERIOD_MONTHS} months (5 years)` };
  }
  return { ok: true, value: { kind: 'months', start: first, end: last } };
}

/** The months the store holds street crime for (nationally). */
export interface StoreMonths {
  earliest: MonthNumber;
  latest: MonthNumber;
  /**
   * Every month held, any order. With it, "the latest N months" counts months with data: a store
   * holding one month, or missing one, is not searched over months it cannot answer for.
   */
  held?: readonly MonthNumber[];
}

/**
 * The first month of "the latest `count` months with data": the `count`-th newest month held, or
 * the oldest held when fewer are held. Undefined when nothing is held.
 */
export function latestMonthsWithDataStart(
  held: readonly MonthNumber[],
  count: number,
): MonthNumber | undefined {
  const newestFirst = [...new Set(held)].sort((a, b) => b - a);
  if (newestFirst.length === 0) return undefined;
  return newestFirst[Math.min(Math.max(1, count), newestFirst.length) - 1];
}

export interface MonthsWithData {
  /** YYYY-MM, oldest first. */
  startMonth: string;
  endMonth: string;
  /** Months with data in the range (the range may span more when months are missing). */
  withData: number;
}

/**
 * The months a preset covers over the store's months with data (YYYY-MM, any order), as the
 * server resolves it: what the search form says its default "3 Months" means before searching.
 * "All Data" counts calendar months back from the latest, as resolvePeriod does.
 */
export function presetMonthsWithData(
  preset: PeriodPreset,
  heldMonths: readonly string[],
): MonthsWithData | undefined {
  const held = heldMonths.map(parseMonth).filter((m): m is MonthNumber => m !== undefined);
  if (held.length === 0) return undefined;
  const store = { earliest: Math.min(...held), latest: Math.max(...held), held };
  const range = resolvePeriod({ kind: 'preset', preset }, store);
  if (!range.ok) return undefined;
  const { start, end } = range.value;
  return {
    startMonth: formatMonth(start),
    endMonth: formatMonth(end),
    withData: new Set(held.filter((m) => m >= start && m <= end)).size,
  };
}

export interface MonthRange {
  start: MonthNumber;
  end: MonthNumber;
  /** Months from start to end inclusive. */
  months: number;
}

/**
 * A period as concrete months. Presets count back from the latest month the store holds, over
 * the months it holds when `store.held` lists them ("3 Months" is the latest 3 with data);
 * "All Data" takes everything held, up to five years. A month after the latest held is refused
 * (nothing can be known about it yet); months before the earliest held are allowed and come
 * back as "no data".
 */
export function resolvePeriod(period: Period, store: StoreMonths): Checked<MonthRange> {
  if (period.kind === 'preset') {
    const preset = presetByName.get(period.preset);
    if (!preset) return { ok: false, error: `Unknown period ${period.preset}` };
    let start = addMonths(store.latest, -(preset.months - 1));
    if (period.preset === 'ALL_AVAILABLE') {
      if (start < store.earliest) start = store.earliest;
    } else if (store.held) {
      start = latestMonthsWithDataStart(store.held, preset.months) ?? start;
    }
    return { ok: true, value: range(start, store.latest) };
  }
  if (period.end > store.latest) {
    return {
      ok: false,
      error: `The latest month with police data is ${monthLabel(store.latest)}; ${formatMonth(period.end)} is after it`,
    };
  }
  return { ok: true, value: range(period.start, period.end) };
}

function range(start: MonthNumber, end: MonthNumber): MonthRange {
  return { start, end, months: monthSpan(start, end) };
}

export interface DateRange {
  startMonth: string;
  endMonth: string;
}

/**
 * The dateRange the form sends for its time-period choice: presets go with an empty endMonth,
 * single and range send both bounds. Undefined when single or range lack their months (the spec:
 * "otherwise no date range is built").
 */
export function dateRangeForChoice(
  choice: TimePeriodChoice,
  months: { single?: string; from?: string; to?: string } = {},
): DateRange | undefined {
  if (choice === 'single') {
    return months.single ? { startMonth: months.single, endMonth: months.single } : undefined;
  }
  if (choice === 'range') {
    return months.from && months.to ? { startMonth: months.from, endMonth: months.to } : undefined;
  }
  const preset = PERIOD_PRESETS.find((p) => p.choice === choice);
  return preset ? { startMonth: preset.preset, endMonth: '' } : undefined;
}
