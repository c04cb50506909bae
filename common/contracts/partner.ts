import { Type, type Static } from 'typebox';
import { CRIME_CATEGORY_SLUGS } from '../crime/categories.ts';
import { PERIOD_PRESETS } from '../search/period.ts';
import { DEFAULT_PAGE_SIZE, SEARCH_RADIUS_MILES, REQUEST_SEARCH_TYPES } from '../search/types.ts';
import { ClockAnswer } from './clocks.ts';
import { endpoint, fileEndpoint } from './endpoint.ts';
import { ErrorBody as ApiErrorBody, Nullable } from './errors.ts';
import { YearMonth } from './month.ts';
import { MAX_PAGE, MAX_PAGE_SIZE, PageNumber, PageSize } from './paging.ts';

/**
 * The partner endpoint's contract as TypeBox schemas: Fastify validates requests with them and
 * @fastify/swagger turns the same objects into the OpenAPI document at /api/docs/json. The
 * response schema is the public search's answer too: `SearchResponse` (common/search/types.ts) is
 * its static type, and the route tests fail when the answer carries a field it does not document.
 */

const presets = PERIOD_PRESETS.map((p) => p.preset).join(', ');
const Month = YearMonth({ description: 'YYYY-MM', examples: ['2025-06'] });
const Category = Type.Enum(CRIME_CATEGORY_SLUGS, { description: 'data.police.uk crime category slug' });
export const Direction = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('stable')]);
const Comparable = Type.Boolean({
  description: 'False when the two months hold fewer than 20 crimes together: too few crimes to compare.',
});
/** A change between two counts (common/search/trend.ts): the type Trend is this schema's. */
export const Trend = Type.Object({
  /** Percentage change from the earlier to the later count, to 1 decimal. */
  percentage: Type.Number(),
  direction: Direction,
  /**
   * False when the two months together hold fewer than MIN_CRIMES_TO_COMPARE crimes: the change
   * is then mostly chance (3 to 12 crimes is "+300 %"), and pages say "too few crimes to compare".
   */
  comparable: Comparable,
});

export const PartnerSearchBody = Type.Object(
  {
    postcode: Type.String({
      minLength: 1,
      maxLength: 16,
      description: 'UK postcode at the centre of the search, any case, with or without the space.',
      examples: ['SW1A 1AA'],
    }),
    radius: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: SEARCH_RADIUS_MILES,
        default: SEARCH_RADIUS_MILES,
        description: `Miles, at most ${SEARCH_RADIUS_MILES}. The search is answered for the product's fixed radius of ${SEARCH_RADIUS_MILES} mile; any other value is refused with 400 INVALID_RADIUS.`,
        examples: [SEARCH_RADIUS_MILES],
      }),
    ),
    startMonth: Type.Optional(
      Type.String({
        maxLength: 24,
        description: `Period: a preset (${presets}; default RECENT_3_MONTHS) with endMonth empty or absent, or a month YYYY-MM (alone for one month, with endMonth for a range). Presets end at the newest month the store holds.`,
        examples: ['RECENT_3_MONTHS', '2025-01'],
      }),
    ),
    endMonth: Type.Optional(
      Type.String({
        maxLength: 24,
        description: 'YYYY-MM, the last month of a range; empty or absent with a preset.',
        examples: ['', '2025-06'],
      }),
    ),
    page: Type.Optional(
      PageNumber({
        default: 1,
        description: `Page of the incident list, newest first, 1 to ${MAX_PAGE}; a page past the last is answered with no incidents. Any other value (0, 1.5, "2") is refused with 400 VALIDATION_ERROR.`,
      }),
    ),
    pageSize: Type.Optional(
      PageSize({
        default: DEFAULT_PAGE_SIZE,
        description: `Incidents per page, 1 to ${MAX_PAGE_SIZE}; any other value is refused with 400 VALIDATION_ERROR.`,
      }),
    ),
  },
  {
    title: 'PartnerCrimeSearchRequest',
    examples: [{ postcode: 'SW1A 1AA', radius: 1, startMonth: 'RECENT_3_MONTHS', endMonth: '' }],
  },
);

/** The export's query: the search's criteria (no paging) and the file format. */
const PartnerExportQuery = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('json')], { description: 'File format.' }),
    postcode: PartnerSearchBody.properties.postcode,
    radius: PartnerSearchBody.properties.radius,
    startMonth: PartnerSearchBody.properties.startMonth,
    endMonth: PartnerSearchBody.properties.endMonth,
  },
  { title: 'PartnerCrimeExportQuery' },
);

const Crime = Type.Object({
  id: Type.Integer(),
  category: Category,
  month: Month,
  location: Nullable(
    Type.Object({
      latitude: Type.String(),
      longitude: Type.String(),
      street: Type.Object({ name: Nullable(Type.String()) }),
    }),
  ),
  outcome_status: Nullable(Type.Object({ category: Type.String(), date: Nullable(Type.String()) })),
  persistent_id: Type.String({ description: 'Empty for anti-social behaviour.' }),
  force_id: Type.String(),
  lsoa_code: Nullable(Type.String()),
});

const Stats = Type.Object({
  totalCrimes: Nullable(Type.Integer()),
  crimeTypes: Type.Array(
    Type.Object({
      category: Category,
      name: Type.String(),
      count: Type.Integer(),
      color: Type.String(),
      percentage: Type.Number({ description: 'Share of all crimes in the result, percent.' }),
      rate: Nullable(Type.Number({ description: 'Per 1,000 residents over the period.' })),
      trend: Trend,
    }),
  ),
  resolvedPercentage: Nullable(Type.Number()),
  resolvedCrimes: Type.Integer(),
  outcomeEligibleCrimes: Type.Integer(),
  population: Type.Object({
    total: Nullable(Type.Integer()),
    lsoaCount: Type.Integer(),
    lsoasWithoutPopulation: Type.Integer(),
    dataSource: Type.String(),
  }),
  crimeRates: Type.Object({
    overallRate: Nullable(
      Type.Number({
        description: 'Crimes per 1,000 residents over `months` (the months of the period with data).',
      }),
    ),
    months: Type.Array(Month, { description: 'The months the rates are computed over.' }),
  }),
  monthOverMonthChange: Nullable(
    Type.Object({
      percentage: Type.Number(),
      direction: Direction,
      comparable: Comparable,
      comparisonMonths: Type.Tuple([Month, Month]),
    }),
  ),
  monthlyBreakdown: Type.Array(
    Type.Object({
      month: Month,
      totalCrimes: Nullable(Type.Integer()),
      crimeTypes: Type.Record(Type.String(), Type.Integer()),
      hasData: Type.Boolean(),
      incomplete: Type.Boolean(),
    }),
  ),
});

export const PartnerSearchResponse = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(Crime, { description: 'One page of incidents, newest month first.' }),
    pagination: Type.Object({
      page: Type.Integer(),
      pageSize: Type.Integer(),
      total: Type.Integer(),
      pages: Type.Integer(),
    }),
    coordinates: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
    stats: Stats,
    dataInfo: Type.Object({
      searchType: Type.Enum(REQUEST_SEARCH_TYPES),
      timeRange: Type.Object({
        start: Month,
        end: Month,
        label: Type.String(),
        preset: Nullable(Type.Enum(PERIOD_PRESETS.map((p) => p.preset))),
      }),
      totalMonths: Type.Integer(),
      radius: Nullable(Type.Number()),
      area: Type.Object({
        label: Type.String(),
        postcode: Nullable(Type.String()),
        forceId: Nullable(Type.String()),
        neighbourhoodId: Nullable(Type.String()),
        neighbourhoodName: Type.Optional(
          Type.String({
            description:
              'A neighbourhood search\'s neighbourhood\'s own name as data.police.uk gives it ("Cardiff Central"), without its force; absent for other searches. `label` holds it too, in English words for display.',
          }),
        ),
      }),
      monthsWithoutData: Type.Array(Month),
      forcesWithoutData: Type.Array(
        Type.Object({ id: Type.String(), name: Type.String(), months: Type.Array(Month) }),
      ),
      forcesWithData: Type.Optional(
        Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
          description:
            'Forces of the area with street data for some month of the period: whose crimes are counted.',
        }),
      ),
      synthetic: Type.Boolean({
        description: 'True when any data comes from the generated sample, not data.police.uk.',
      }),
      dataVersion: Type.String({
        description:
          'The version of the police data the answer was read from; it changes with every import (GET /api/data-status tells what changed).',
      }),
      latestMonth: YearMonth({
        description:
          'YYYY-MM: the newest month of street crime held for any force; `forcesWithoutData` names the force-months missing in the period.',
      }),
    }),
    clockData: Type.Union([ClockAnswer, Type.Null()], {
      description:
        "The police clock of the searched area, as GET /api/police-clock answers the national one: its rate over the area's last 12 months with data, at this instant. Null when the area has no data in those months.",
    }),
  },
  { title: 'PartnerCrimeSearchResponse' },
);

/** The one error body of the API, under the name the partner documentation gives it. */
export const ErrorBody = Type.Object(ApiErrorBody.properties, { title: 'PartnerError' });

/**
 * A partner error as RFC 9457 problem details (application/problem+json), with the API's own
 * error members kept beside the standard ones, so clients written against `code` still work.
 */
export const PartnerProblem = Type.Object(
  {
    type: Type.String({
      description:
        "A URI naming the kind of problem: the developers page's section on its code (…/developers#error-RATE_LIMITED).",
    }),
    title: Type.String({ description: "The HTTP status's reason phrase (Too Many Requests…)." }),
    status: Type.Integer({ description: 'The HTTP status code, repeated.' }),
    detail: Type.String({ description: 'What went wrong with this request, for people.' }),
    ...ApiErrorBody.properties,
  },
  { title: 'PartnerProblem' },
);
export type PartnerProblem = Static<typeof PartnerProblem>;

/**
 * The partner crime search (X-API-Key): the public search's answer for a postcode radius search.
 * Errors: 401 API_KEY_MISSING / API_KEY_INVALID, 403 ORIGIN_NOT_ALLOWED, 429 RATE_LIMITED, 400.
 */
export const PartnerSearch = endpoint({
  method: 'POST',
  path: '/api/external/crime-search',
  body: PartnerSearchBody,
  response: { 200: PartnerSearchResponse },
});

/** The partner export (X-API-Key): the partner search's whole result as one CSV or JSON file. */
export const PartnerExport = fileEndpoint({
  method: 'GET',
  path: '/api/external/crime-search/export',
  querystring: PartnerExportQuery,
  produces: ['text/csv', 'application/json'],
});

/** The header a partner's request carries its API key in. */
export const API_KEY_HEADER = 'X-API-Key';

/** Where the partner API's documentation (OpenAPI page and JSON) is served; the admin's key pages link to it. */
export const PARTNER_DOCS_PATH = '/api/docs';
/** The developers page: what the partner API offers, its error codes, and the key request form. */
export const DEVELOPERS_PATH = '/developers';
/** Where the partner API's routes live: its refusals are problem+json, whatever refused them. */
export const PARTNER_PATH_PREFIX = '/api/external/';
