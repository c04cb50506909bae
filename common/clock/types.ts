/**
 * What the clocks exchange. The server sends a ClockDefinition (the model's input, small and
 * rarely changing); every client evaluates clockAt() itself, so ticks only need to carry a time
 * and the version they were computed from. ClockData, the specification's response shape
 * (section 3, "Clock data"), is derived from a definition and an instant by toClockData().
 */
import type { Coverage } from '../police-coverage/coverage.ts';
import type { ClockCategoryInput } from './model.ts';

export type ClockKind = 'csew' | 'police';

export interface ExcludedForce {
  readonly id: string;
  readonly name: string;
  /** Why, in English, for the API's readers. */
  readonly reason: string;
  /**
   * Why, as facts a page words in its own language. Every definition built now gives it
   * (CausedExclusion); it is optional on the wire because a definition built before it may still
   * be held by a realtime server or an open page.
   */
  readonly cause?: ExclusionCause;
}

/** An excluded force as a police clock's definition is built with it: its cause always beside its reason. */
export type CausedExclusion = ExcludedForce & { readonly cause: ExclusionCause };

export type ExclusionCause =
  /** The force has published no street-level crimes since `since` (YYYY-MM): Greater Manchester. */
  | { readonly kind: 'stopped-publishing'; readonly since: string }
  /** The store holds none of its street-level crimes from `from` to `to` (YYYY-MM). */
  | { readonly kind: 'not-in-store'; readonly from: string; readonly to: string };

/** How the next data update is announced. */
export type NextUpdateRule =
  /** On meta.nextUpdateDate. */
  | 'date'
  /** data.police.uk: "Typically during 1st week of the month". */
  | 'first-week-of-month';

export interface ClockMeta {
  /** The area in English, as the API's readers see it: "L-shaped Ward, Metropolitan Police Service". */
  readonly areaName: string;
  /**
   * A neighbourhood's area clock: the neighbourhood's own name as the store holds it ("L-shaped
   * Ward"), so that pages name its force in their own language beside it.
   */
  readonly neighbourhoodName?: string;
  readonly dataMethod: string;
  readonly dataSource: string;
  /** YYYY-MM of the newest police data month; null for the survey. */
  readonly latestDataMonth: string | null;
  /** ISO date (YYYY-MM-DD) or date-time of the data's last update. */
  readonly lastUpdated: string;
  /**
   * The next update in English, for the API's readers: the survey's next edition as its figures
   * name it ("year ending June 2025"), or the police data's monthly note. Pages word the next
   * update from nextUpdateRule and nextEditionYearEnding instead (clockDataWords.ts).
   */
  readonly nextUpdate: string;
  readonly nextUpdateRule: NextUpdateRule;
  /**
   * Survey clock: the next edition as the last month (YYYY-MM) of the year it covers, "2025-06"
   * for the year ending June 2025; absent when the figures do not give it.
   */
  readonly nextEditionYearEnding?: string;
  /** ISO date (London) of the next update when known. */
  readonly nextUpdateDate: string | null;
  readonly excludedForces: readonly ExcludedForce[];
  readonly notes: readonly string[];
  /**
   * Police clock: what the store really covers, said wherever the clock names its area, e.g.
   * "7 of 43 forces in England and Wales, Apr 2025 to Sep 2025 (synthetic sample)".
   */
  readonly coverage?: Coverage;
  /** Police clocks: how many of the latest months with data the pace is worked out from. */
  readonly paceMonths?: number;
  /** Police clocks: the same in English for the API's readers, "the latest 12 months with data". */
  readonly pace?: string;
  /** Address of the publication the figures come from (survey clock). */
  readonly sourceUrl?: string;
  /** Survey clock: what the survey covers, its licence line, how to read people affected. */
  readonly survey?: {
    readonly note: string;
    readonly licence: string;
    readonly prevalenceWarnings: readonly string[];
    /** The same in Welsh where the figures give it (and the Welsh of dataMethod). */
    readonly cy?: SurveyWelsh;
  };
}

/** The survey figures' own prose in Welsh, each where given; a page says the English of the rest. */
export interface SurveyWelsh {
  readonly note?: string;
  readonly dataMethod?: string;
  /** Every warning's Welsh, in the order of the English ones. */
  readonly prevalenceWarnings?: readonly string[];
}

export interface ClockDefinition {
  readonly clock: ClockKind;
  /** Changes whenever anything below changes (see definitionVersion). */
  readonly version: string;
  /** Incident categories: the clock model's input. */
  readonly categories: readonly ClockCategoryInput[];
  /** People affected per year (survey clock only); never part of the incident total. */
  readonly prevalence?: readonly ClockCategoryInput[];
  readonly meta: ClockMeta;
}

export interface CategoryBreakdownItem {
  readonly id: string;
  readonly name: string;
  /** Whole count since 1 January (as shown). */
  readonly count: number;
  readonly perSecond: number;
  readonly isInPeakPeriod: boolean;
  readonly speedFactor: number;
}

export interface PrevalenceBreakdownItem {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly perSecond: number;
}

export interface PrevalenceData {
  readonly totalExposures: number;
  readonly exposuresPerSecond: number;
  readonly prevalenceBreakdown: readonly PrevalenceBreakdownItem[];
  readonly dataSource: string;
  readonly nextUpdateDate: string | null;
  readonly lastUpdated: string;
}

/** The specification's "Clock data", plus the identifiers a client needs to stay in step. */
export interface ClockData {
  readonly clock: ClockKind;
  readonly version: string;
  /** ISO instant the figures are for. */
  readonly at: string;
  readonly year: number;
  /** Whole count since 1 January 00:00 London time. */
  readonly totalCrimes: number;
  readonly crimesPerSecond: number;
  readonly categoryBreakdown: readonly CategoryBreakdownItem[];
  readonly lastUpdated: string;
  /** null when no next update date is known. */
  readonly daysUntilNextUpdate: number | null;
  readonly areaName: string;
  readonly dataMethod: string;
  readonly latestDataMonth: string | null;
  readonly excludedForces: readonly ExcludedForce[];
  /** Survey clock only: the London hour that decides peak and off-peak. */
  readonly currentUKHour?: number;
  readonly prevalence?: PrevalenceData;
}

/** A clock's counts at one whole server second, as sent on the wire (common/realtime/tick.ts). */
export type TickFrame = [clock: string, version: string, second: number, ...counts: number[]];

/**
 * A clock as the API answers it (GET /api/csew-clock, /api/police-clock, a search's clockData):
 * the clock data at the server's instant, the definition (names, sources, peak hours) and the
 * realtime server's tick for the current second, so a screen without a socket shows
 * server-computed counts too.
 */
export interface ClockApiResponse extends ClockData {
  readonly definition: ClockDefinition;
  readonly serverTime: number;
  readonly tick: TickFrame;
}
