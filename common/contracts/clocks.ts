import { Type, type Static, type TSchema } from 'typebox';
import type { ClockCategoryInput } from '../clock/model.ts';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';
import { YearMonth } from './month.ts';
import type { Same } from './same.ts';

/**
 * The clocks as the API and the realtime server send them. These schemas are the one statement of
 * their shape: common/clock/types.ts and common/police-coverage/coverage.ts export their static
 * types (readonly, as the clock code wants them), and the contract test checks real answers
 * against them. The model's input (ClockCategoryInput, common/clock/model.ts) keeps its own
 * interface beside the pure model; `Same` (same.ts) below fails the typecheck when it and its
 * schema differ in any field, either way.
 */

const same = <S extends TSchema, T>(_: Same<Static<S>, T>) => undefined;

/** An array the clock code only reads: its static type is `readonly T[]`. */
const List = <T extends TSchema>(item: T) => Type.Immutable(Type.Array(item));

export const ClockKindSchema = Type.Union([Type.Literal('csew'), Type.Literal('police')]);

const HourRange = Type.Immutable(
  Type.Tuple([Type.Integer({ minimum: 0, maximum: 24 }), Type.Integer({ minimum: 0, maximum: 24 })]),
);
const PeakProfile = Type.ReadonlyObject(
  Type.Object({
    peakMultiplier: Type.Number(),
    offPeakMultiplier: Type.Number(),
    peakHours: List(HourRange),
  }),
);

const CategoryInput = Type.ReadonlyObject(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    annualCount: Type.Number(),
    peak: Type.Optional(PeakProfile),
  }),
);
same<typeof CategoryInput, ClockCategoryInput>(true);

export const ExclusionCauseSchema = Type.Union([
  /** The force has published no street-level crimes since `since`: Greater Manchester. */
  Type.ReadonlyObject(Type.Object({ kind: Type.Literal('stopped-publishing'), since: YearMonth() })),
  /** The store holds none of its street-level crimes from `from` to `to`. */
  Type.ReadonlyObject(
    Type.Object({ kind: Type.Literal('not-in-store'), from: YearMonth(), to: YearMonth() }),
  ),
]);

export const ExcludedForceSchema = Type.ReadonlyObject(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    /** Why, in English, for the API's readers. */
    reason: Type.String(),
    /**
     * Why, as facts a page words in its own language. Every definition built now gives it
     * (CausedExclusion); it is optional on the wire because a definition built before it may still
     * be held by a realtime server or an open page.
     */
    cause: Type.Optional(ExclusionCauseSchema),
  }),
);

export const NextUpdateRuleSchema = Type.Union([
  /** On meta.nextUpdateDate. */
  Type.Literal('date'),
  /** data.police.uk: "Typically during 1st week of the month". */
  Type.Literal('first-week-of-month'),
]);

export const CoverageSchema = Type.ReadonlyObject(
  Type.Object({
    /** Names (as common/police/forces.ts writes them) of every force with data, territorial or not. */
    forces: List(Type.String()),
    territorialForces: Type.Integer(),
    ofTerritorialForces: Type.Integer(),
    firstMonth: Type.String(),
    lastMonth: Type.String(),
    synthetic: Type.Boolean(),
    /** "England and Wales" or "6 of 43 forces in England and Wales", never more or less than held. */
    area: Type.String(),
    /**
     * The whole statement in English, e.g. "42 of 43 forces in England and Wales (all but Greater
     * Manchester Police) and British Transport Police, April 2025 to March 2026", for the API's
     * readers. Pages word it from the fields above in their language (ui/src/features/clocks/coverageWords.ts).
     */
    text: Type.String(),
  }),
);

/** The survey figures' own prose in Welsh, each where given; a page says the English of the rest. */
export const SurveyWelshSchema = Type.ReadonlyObject(
  Type.Object({
    note: Type.Optional(Type.String()),
    dataMethod: Type.Optional(Type.String()),
    /** Every warning's Welsh, in the order of the English ones. */
    prevalenceWarnings: Type.Optional(List(Type.String())),
  }),
);

export const ClockMetaSchema = Type.ReadonlyObject(
  Type.Object({
    /** The area in English, as the API's readers see it: "L-shaped Ward, Metropolitan Police Service". */
    areaName: Type.String(),
    /**
     * A neighbourhood's area clock: the neighbourhood's own name as the store holds it ("L-shaped
     * Ward"), so that pages name its force in their own language beside it.
     */
    neighbourhoodName: Type.Optional(Type.String()),
    dataMethod: Type.String(),
    dataSource: Type.String(),
    /** YYYY-MM of the newest police data month; null for the survey. */
    latestDataMonth: Nullable(Type.String()),
    /** ISO date (YYYY-MM-DD) or date-time of the data's last update. */
    lastUpdated: Type.String(),
    /**
     * The next update in English, for the API's readers: the survey's next edition as its figures
     * name it ("year ending June 2025"), or the police data's monthly note. Pages word the next
     * update from nextUpdateRule and nextEditionYearEnding instead (clockDataWords.ts).
     */
    nextUpdate: Type.String(),
    nextUpdateRule: NextUpdateRuleSchema,
    /** ISO date (London) of the next update when known. */
    nextUpdateDate: Nullable(Type.String()),
    /**
     * Survey clock: the next edition as the last month (YYYY-MM) of the year it covers, "2025-06"
     * for the year ending June 2025; absent when the figures do not give it.
     */
    nextEditionYearEnding: Type.Optional(YearMonth()),
    /**
     * Survey clock: the edition the figures are, as the last month (YYYY-MM) of the year they
     * cover, read from the figures' `dataYear` ("year ending March 2025": "2025-03"); the one
     * source of the period the page names. Absent when `dataYear` does not say it so.
     */
    yearEnding: Type.Optional(YearMonth()),
    excludedForces: List(ExcludedForceSchema),
    notes: List(Type.String()),
    /**
     * Police clock: what the store really covers, said wherever the clock names its area, e.g.
     * "7 of 43 forces in England and Wales, Apr 2025 to Sep 2025 (synthetic sample)".
     */
    coverage: Type.Optional(CoverageSchema),
    /** Police clocks: how many of the latest months with data the pace is worked out from. */
    paceMonths: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Police clocks: the same in English for the API's readers, "the latest 12 months with data". */
    pace: Type.Optional(Type.String()),
    /** Address of the publication the figures come from (survey clock). */
    sourceUrl: Type.Optional(Type.String()),
    /** Survey clock: what the survey covers, its licence line, how to read people affected. */
    survey: Type.Optional(
      Type.ReadonlyObject(
        Type.Object({
          note: Type.String(),
          licence: Type.String(),
          prevalenceWarnings: List(Type.String()),
          /** The same in Welsh where the figures give it (and the Welsh of dataMethod). */
          cy: Type.Optional(SurveyWelshSchema),
        }),
      ),
    ),
  }),
);

/** A clock's definition: the clock model's input, and what the page says about its data. */
export const ClockDefinitionSchema = Type.ReadonlyObject(
  Type.Object({
    clock: ClockKindSchema,
    /** Changes whenever anything below changes (see definitionVersion). */
    version: Type.String(),
    /** Incident categories: the clock model's input. */
    categories: List(CategoryInput),
    /** People affected per year (survey clock only); never part of the incident total. */
    prevalence: Type.Optional(List(CategoryInput)),
    meta: ClockMetaSchema,
  }),
);

/**
 * The tick (common/realtime/tick.ts) on the wire: [clock, version, second, count, step, …], the
 * counts in hundredths and the steps in millionths. Plain JSON Schema (a draft-07 tuple, whose
 * Static TypeBox infers) as Type.Tuple has no rest at run time: Type.Rest only spreads tuples.
 */
export const TickFrameSchema = {
  type: 'array',
  items: [Type.String(), Type.String(), Type.Number()],
  additionalItems: Type.Number(),
  minItems: 5,
} as const;

export const CategoryBreakdownItemSchema = Type.ReadonlyObject(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    /** Whole count since 1 January (as shown). */
    count: Type.Number(),
    perSecond: Type.Number(),
    isInPeakPeriod: Type.Boolean(),
    speedFactor: Type.Number(),
  }),
);

export const PrevalenceBreakdownItemSchema = Type.ReadonlyObject(
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    count: Type.Number(),
    perSecond: Type.Number(),
  }),
);

export const PrevalenceDataSchema = Type.ReadonlyObject(
  Type.Object({
    totalExposures: Type.Number(),
    exposuresPerSecond: Type.Number(),
    prevalenceBreakdown: List(PrevalenceBreakdownItemSchema),
    dataSource: Type.String(),
    nextUpdateDate: Nullable(Type.String()),
    lastUpdated: Type.String(),
  }),
);

/** The specification's "Clock data", plus the identifiers a client needs to stay in step. */
export const ClockDataSchema = Type.ReadonlyObject(
  Type.Object({
    clock: ClockKindSchema,
    version: Type.String(),
    /** ISO instant the figures are for. */
    at: Type.String(),
    year: Type.Integer(),
    /** Whole count since 1 January 00:00 London time. */
    totalCrimes: Type.Number(),
    crimesPerSecond: Type.Number(),
    categoryBreakdown: List(CategoryBreakdownItemSchema),
    lastUpdated: Type.String(),
    /** null when no next update date is known. */
    daysUntilNextUpdate: Nullable(Type.Integer()),
    areaName: Type.String(),
    dataMethod: Type.String(),
    latestDataMonth: Nullable(Type.String()),
    excludedForces: List(ExcludedForceSchema),
    /** Survey clock only: the London hour that decides peak and off-peak. */
    currentUKHour: Type.Optional(Type.Integer()),
    prevalence: Type.Optional(PrevalenceDataSchema),
  }),
);

/**
 * A clock at this instant, for a client without a socket: the specification's clock data, the
 * definition (names, sources, peak hours), the server's time and the same tick the realtime server
 * sends for this second, so a screen without a socket shows server-computed counts too.
 */
export const ClockAnswer = Type.Intersect([
  ClockDataSchema,
  Type.ReadonlyObject(
    Type.Object({ definition: ClockDefinitionSchema, serverTime: Type.Number(), tick: TickFrameSchema }),
  ),
]);
export type ClockAnswer = Static<typeof ClockAnswer>;

/** The survey clock: the figures in use (an admin's upload, or the shipped file). */
export const GetCsewClock = endpoint({
  method: 'GET',
  path: '/api/csew-clock',
  response: { 200: ClockAnswer },
});

/** 503 NO_POLICE_DATA until police data has been imported. */
export const GetPoliceClock = endpoint({
  method: 'GET',
  path: '/api/police-clock',
  response: { 200: ClockAnswer },
});

/**
 * The police clock of one area (common/clock/area.ts ids), read by the browser and the realtime
 * server alike: 400 INVALID_AREA for an id of no known form, the area search's own refusals (404
 * POSTCODE_NOT_FOUND, NEIGHBOURHOOD_NOT_FOUND…), 404 NO_DATA while no police data has been
 * imported, 404 NO_AREA_DATA when the store holds nothing for the area in the last 12 months; a
 * visitor's read is counted as a search (429 TOO_MANY_AT_ONCE), and another site's page is
 * refused (403 CSRF).
 */
export const GetAreaClock = endpoint({
  method: 'GET',
  path: '/api/area-clock',
  querystring: Type.Object({ area: Type.String({ maxLength: 200 }) }),
  response: { 200: ClockAnswer },
});

/**
 * The Redis channel on which every API node publishes the clock data version when it changes
 * (with REDIS_URL); the realtime nodes reload on it instead of polling GetClockDataVersion.
 */
export const CLOCK_DATA_VERSION_CHANNEL = 'crime-clock:clock-data-version';

/** Changes whenever an import or new survey figures change a clock; the realtime servers without Redis poll it. */
export const GetClockDataVersion = endpoint({
  method: 'GET',
  path: '/api/clock-data-version',
  response: { 200: Type.Object({ version: Type.String() }) },
});
