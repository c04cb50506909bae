import { Type, type Static, type TSchema } from 'typebox';
import type { ClockCategoryInput } from '../clock/model.ts';
import type { ClockApiResponse, ClockData, ClockDefinition, ClockKind, TickFrame } from '../clock/types.ts';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/**
 * The clocks as the API and the realtime server send them. The TypeScript types stay those of
 * common/clock (readonly, documented field by field); each schema here is checked against its
 * type at compile time (a field the type has and the schema lacks, or of another type, fails the
 * typecheck), and the contract test checks real answers against the schemas.
 */

/** `Schema` describes `T`: its static type is assignable to T. */
type Describes<S extends TSchema, T> = Static<S> extends T ? true : false;
const describes = <S extends TSchema, T>(_: Describes<S, T>) => undefined;

export const ClockKindSchema = Type.Union([Type.Literal('csew'), Type.Literal('police')]);
describes<typeof ClockKindSchema, ClockKind>(true);

const HourRange = Type.Tuple([
  Type.Integer({ minimum: 0, maximum: 24 }),
  Type.Integer({ minimum: 0, maximum: 24 }),
]);
const PeakProfile = Type.Object({
  peakMultiplier: Type.Number(),
  offPeakMultiplier: Type.Number(),
  peakHours: Type.Array(HourRange),
});

const CategoryInput = Type.Object({
  id: Type.String(),
  name: Type.String(),
  annualCount: Type.Number(),
  peak: Type.Optional(PeakProfile),
});
describes<typeof CategoryInput, ClockCategoryInput>(true);

const YearMonth = Type.String({ pattern: '^\\d{4}-\\d{2}$' });
const ExcludedForce = Type.Object({
  id: Type.String(),
  name: Type.String(),
  reason: Type.String(),
  cause: Type.Optional(
    Type.Union([
      Type.Object({ kind: Type.Literal('stopped-publishing'), since: YearMonth }),
      Type.Object({ kind: Type.Literal('not-in-store'), from: YearMonth, to: YearMonth }),
    ]),
  ),
});

const ClockMeta = Type.Object({
  areaName: Type.String(),
  neighbourhoodName: Type.Optional(Type.String()),
  dataMethod: Type.String(),
  dataSource: Type.String(),
  latestDataMonth: Nullable(Type.String()),
  lastUpdated: Type.String(),
  nextUpdate: Type.String(),
  nextUpdateRule: Type.Union([Type.Literal('date'), Type.Literal('first-week-of-month')]),
  nextUpdateDate: Nullable(Type.String()),
  nextEditionYearEnding: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })),
  excludedForces: Type.Array(ExcludedForce),
  notes: Type.Array(Type.String()),
  coverage: Type.Optional(
    Type.Object({
      forces: Type.Array(Type.String()),
      territorialForces: Type.Integer(),
      ofTerritorialForces: Type.Integer(),
      firstMonth: Type.String(),
      lastMonth: Type.String(),
      synthetic: Type.Boolean(),
      area: Type.String(),
      text: Type.String(),
    }),
  ),
  paceMonths: Type.Optional(Type.Integer({ minimum: 1 })),
  pace: Type.Optional(Type.String()),
  sourceUrl: Type.Optional(Type.String()),
  survey: Type.Optional(
    Type.Object({
      note: Type.String(),
      licence: Type.String(),
      prevalenceWarnings: Type.Array(Type.String()),
      cy: Type.Optional(
        Type.Object({
          note: Type.Optional(Type.String()),
          dataMethod: Type.Optional(Type.String()),
          prevalenceWarnings: Type.Optional(Type.Array(Type.String())),
        }),
      ),
    }),
  ),
});

const ClockDefinitionShape = Type.Object({
  clock: ClockKindSchema,
  version: Type.String(),
  categories: Type.Array(CategoryInput),
  prevalence: Type.Optional(Type.Array(CategoryInput)),
  meta: ClockMeta,
});
describes<typeof ClockDefinitionShape, ClockDefinition>(true);
/** A clock's definition: the clock model's input, and what the page says about its data. */
export const ClockDefinitionSchema = Type.Unsafe<ClockDefinition>(ClockDefinitionShape);

/**
 * The tick (common/realtime/tick.ts) on the wire: [clock, version, second, count, step, …], the
 * counts in hundredths and the steps in millionths.
 */
export type { TickFrame };
export const TickFrameSchema = Type.Unsafe<TickFrame>(
  Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 5 }),
);

const ClockDataShape = Type.Object({
  clock: ClockKindSchema,
  version: Type.String(),
  at: Type.String(),
  year: Type.Integer(),
  totalCrimes: Type.Number(),
  crimesPerSecond: Type.Number(),
  categoryBreakdown: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      count: Type.Number(),
      perSecond: Type.Number(),
      isInPeakPeriod: Type.Boolean(),
      speedFactor: Type.Number(),
    }),
  ),
  lastUpdated: Type.String(),
  daysUntilNextUpdate: Nullable(Type.Integer()),
  areaName: Type.String(),
  dataMethod: Type.String(),
  latestDataMonth: Nullable(Type.String()),
  excludedForces: Type.Array(ExcludedForce),
  currentUKHour: Type.Optional(Type.Integer()),
  prevalence: Type.Optional(
    Type.Object({
      totalExposures: Type.Number(),
      exposuresPerSecond: Type.Number(),
      prevalenceBreakdown: Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.String(),
          count: Type.Number(),
          perSecond: Type.Number(),
        }),
      ),
      dataSource: Type.String(),
      nextUpdateDate: Nullable(Type.String()),
      lastUpdated: Type.String(),
    }),
  ),
});
describes<typeof ClockDataShape, ClockData>(true);

/**
 * A clock at this instant, for a client without a socket: the specification's clock data, the
 * definition, the server's time and the same tick the realtime server sends for this second.
 */
export const ClockAnswer = Type.Unsafe<ClockApiResponse>(
  Type.Intersect([
    ClockDataShape,
    Type.Object({ definition: ClockDefinitionShape, serverTime: Type.Number(), tick: TickFrameSchema }),
  ]),
);
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
