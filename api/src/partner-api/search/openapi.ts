import { STATUS_CODES } from 'node:http';
import { Type } from '@fastify/type-provider-typebox';
import { policeClockDefinition } from '../../../../common/clock/police-definition.ts';
import {
  PartnerExport,
  PartnerProblem,
  PartnerSearchBody,
  PartnerSearchResponse,
} from '../../../../common/contracts/partner.ts';
import { clockAnswer } from '../../clocks/clock-answer.ts';
import { ERROR_CODE_DOCS } from '../../../../common/contracts/error-docs.ts';
import type { ErrorCode } from '../../../../common/contracts/errors.ts';
import { PROBLEM_CONTENT_TYPE, problemType } from '../errors/problem.ts';
import { POLICY_NAME, POLICY_WINDOW_SECONDS } from '../limits/rate-limit-headers.ts';

/**
 * The partner endpoint's route schema: the TypeBox schemas Fastify validates with, plus what the
 * OpenAPI document shows about them (summary, security, response headers, examples, error codes).
 */

export const API_KEY_SCHEME = 'ApiKeyAuth';
export const PARTNER_TAG = 'Partner API';

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    type: 'string',
    description: `The key's quota (draft-ietf-httpapi-ratelimit-headers): \`"${POLICY_NAME}";q=<daily limit>;w=${POLICY_WINDOW_SECONDS}\`.`,
  },
  RateLimit: {
    type: 'string',
    description: `What is left of it: \`"${POLICY_NAME}";r=<requests left today>;t=<seconds until midnight UTC>\`.`,
  },
  'X-RateLimit-Limit': { type: 'integer', description: "The key's daily request limit." },
  'X-RateLimit-Remaining': {
    type: 'integer',
    description: 'Requests left today (UTC) after this one.',
  },
  'X-RateLimit-Reset': {
    type: 'integer',
    description: 'When the count starts again: epoch seconds of the next midnight UTC.',
  },
};

/**
 * The example's area clock, made as the search makes it (two of its categories): its last
 * 12 months with data to June 2025, read in the middle of a July day.
 */
const EXAMPLE_CLOCK = clockAnswer(
  policeClockDefinition({
    categoryCounts: [
      { slug: 'violent-crime', count: 3120 },
      { slug: 'shoplifting', count: 2076 },
    ],
    months: 12,
    latestDataMonth: '2025-06',
    excludedForces: [],
    lastUpdated: '2025-07-03T06:12:40.000Z',
    areaName: '1 mile around SW1A 1AA',
  }),
  Date.UTC(2025, 6, 15, 12, 0, 0),
);

/** A shortened real answer (two incidents, two crime types, two clock categories). */
export const EXAMPLE_RESPONSE = {
  success: true,
  synthetic: false,
  data: [
    {
      id: 2743,
      category: 'drugs',
      month: '2025-06',
      location: { latitude: '51.517630', longitude: '-0.144241', street: { name: 'On or near Bury Place' } },
      outcome_status: { category: 'Offender given community sentence', date: null },
      persistent_id: '5f1b3c0d2e4a…',
      force_id: 'metropolitan',
      lsoa_code: 'E01004736',
    },
    {
      id: 2741,
      category: 'anti-social-behaviour',
      month: '2025-06',
      location: { latitude: '51.493804', longitude: '-0.135748', street: { name: null } },
      outcome_status: null,
      persistent_id: '',
      force_id: 'metropolitan',
      lsoa_code: 'E01004705',
    },
  ],
  pagination: { page: 1, pageSize: 2, total: 616, pages: 308 },
  coordinates: { latitude: 51.501009, longitude: -0.141588 },
  stats: {
    totalCrimes: 616,
    crimeTypes: [
      {
        category: 'shoplifting',
        name: 'Shoplifting',
        count: 52,
        color: '#ec4899',
        percentage: 8.4,
        rate: 2.13,
        trend: { percentage: -5.9, direction: 'down', comparable: true },
      },
      {
        category: 'anti-social-behaviour',
        name: 'Anti-social behaviour',
        count: 47,
        color: '#f59e0b',
        percentage: 7.6,
        rate: 1.92,
        trend: { percentage: -14.3, direction: 'down', comparable: false },
      },
    ],
    resolvedPercentage: 67,
    resolvedCrimes: 381,
    outcomeEligibleCrimes: 569,
    population: {
      total: 24449,
      lsoaCount: 15,
      lsoasWithoutPopulation: 4,
      dataSource:
        'ONS mid-year population estimates, summed over the LSOAs (census neighbourhoods) the matching crimes fall in',
    },
    crimeRates: { overallRate: 25.2, months: ['2025-04', '2025-05', '2025-06'] },
    monthOverMonthChange: {
      percentage: 5.1,
      direction: 'up',
      comparable: true,
      comparisonMonths: ['2025-05', '2025-06'],
    },
    monthlyBreakdown: [
      {
        month: '2025-04',
        totalCrimes: 171,
        crimeTypes: { shoplifting: 19, 'anti-social-behaviour': 8 },
        hasData: true,
        incomplete: false,
      },
      {
        month: '2025-05',
        totalCrimes: 217,
        crimeTypes: { shoplifting: 17, 'anti-social-behaviour': 21 },
        hasData: true,
        incomplete: false,
      },
      {
        month: '2025-06',
        totalCrimes: 228,
        crimeTypes: { shoplifting: 16, 'anti-social-behaviour': 18 },
        hasData: true,
        incomplete: false,
      },
    ],
  },
  dataInfo: {
    searchType: 'radius',
    timeRange: {
      start: '2025-04',
      end: '2025-06',
      label: 'April 2025 to June 2025',
      preset: 'RECENT_3_MONTHS',
    },
    totalMonths: 3,
    radius: 1,
    area: { label: '1 mile around SW1A 1AA', postcode: 'SW1A 1AA', forceId: null, neighbourhoodId: null },
    monthsWithoutData: [],
    forcesWithoutData: [],
    synthetic: false,
    dataVersion: '36:1752484323000',
    latestMonth: '2025-06',
  },
  clockData: EXAMPLE_CLOCK,
};

/**
 * Every error code the partner endpoints answer with, by status, with an example message each: for
 * the docs and the tests. What each code means is ERROR_CODE_DOCS', shown on the developers page
 * that every problem's `type` links to.
 */
export const PARTNER_ERRORS = {
  400: {
    VALIDATION_ERROR: 'Invalid request: postcode must NOT have more than 16 characters',
    POSTCODE_REQUIRED: 'Please enter a UK postcode for radius search',
    INVALID_POSTCODE: 'Please enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH',
    INVALID_RADIUS: 'The search radius is fixed at 1 mile',
    INVALID_PERIOD: 'startMonth must be a month as YYYY-MM (e.g. 2025-06) or one of RECENT_1_MONTH, …',
    MONTH_OUT_OF_RANGE: 'No data is held for 2030-01',
    INVALID_UTF8: 'The request body is not valid UTF-8 text.',
    INVALID_JSON: 'The body is not valid JSON.',
    // PUT /api/external/webhook (partner-api/webhooks/).
    INVALID_WEBHOOK_URL: 'url must be an https URL.',
  },
  401: {
    API_KEY_MISSING: 'An API key is required: send it in the X-API-Key header.',
    API_KEY_INVALID: 'The API key is not valid.',
    API_KEY_REVOKED: 'The API key has been revoked.',
  },
  403: {
    ORIGIN_NOT_ALLOWED:
      'This API key may only be used from partner.example.com (or its subdomains); the request came from https://elsewhere.example.',
  },
  404: {
    POSTCODE_NOT_FOUND:
      'BT1 1AA is in Northern Ireland, outside England and Wales: the police data here covers England and Wales only.',
    POSTCODE_NOT_HELD: "We don't hold the position of M1 1AE. The nearest postcode we hold in M1 is M1 1AA.",
    NO_DATA: 'No police crime data has been imported yet.',
  },
  413: { BODY_TOO_LARGE: 'The request body is too large.' },
  415: { UNSUPPORTED_MEDIA_TYPE: 'The body must be JSON, sent with Content-Type: application/json.' },
  429: {
    RATE_LIMITED:
      'The daily limit of 1000 requests for this API key is reached; it starts again at midnight UTC.',
    TOO_MANY_EXPORTS: 'At most 2 downloads at once from one address: wait for one to finish.',
  },
  503: {
    SERVICE_UNAVAILABLE:
      'The service is temporarily unavailable (the database cannot be reached). Please try again shortly.',
    EXPORTS_BUSY:
      'The server is preparing as many downloads as it can right now: try again in a few seconds.',
  },
} as const satisfies Record<number, Partial<Record<ErrorCode, string>>>;

/** A status's codes, each with its own explanation (ERROR_CODE_DOCS). */
function statusDescription(codes: Partial<Record<ErrorCode, string>>): string {
  return (Object.keys(codes) as ErrorCode[])
    .map((code) => `\`${code}\`: ${ERROR_CODE_DOCS[code].description}`)
    .join('\n\n');
}

function errorResponse(status: keyof typeof PARTNER_ERRORS) {
  const codes: Partial<Record<ErrorCode, string>> = PARTNER_ERRORS[status];
  const examples = Object.fromEntries(
    Object.entries(codes).map(([code, error]) => [
      code,
      {
        value: {
          type: problemType('https://crime-clock.example', code),
          title: STATUS_CODES[status],
          status,
          detail: error,
          success: false,
          error,
          code,
        },
      },
    ]),
  );
  const withLimits = status !== 401 && status !== 503;
  const retryAfter = status === 429 || status === 503;
  return {
    description: statusDescription(codes),
    headers: {
      ...(withLimits ? RATE_LIMIT_HEADERS : {}),
      ...(retryAfter ? { 'Retry-After': { type: 'integer', description: 'Seconds to wait.' } } : {}),
    },
    content: { [PROBLEM_CONTENT_TYPE]: { schema: PartnerProblem, examples } },
  };
}

export const partnerSearchSchema = {
  tags: [PARTNER_TAG],
  operationId: 'partnerCrimeSearch',
  summary: 'Crime statistics and incidents within a radius of a postcode',
  description: [
    'The crime search of the public search page, for a postcode and radius: the same statistics (totals,',
    'crime types with trends, resolution rate, crime rate per 1,000 residents, month-by-month breakdown)',
    'and one page of incidents, newest first.',
    '',
    'Send the API key in the `X-API-Key` header. Each key has a daily request limit (UTC days); every',
    'answer to a request with a valid key carries `RateLimit-Policy` and `RateLimit`',
    '(draft-ietf-httpapi-ratelimit-headers) and `X-RateLimit-Limit`, `X-RateLimit-Remaining` and',
    '`X-RateLimit-Reset`, and a request over the limit gets 429 with `Retry-After`.',
    '',
    'Browsers: the endpoint answers CORS preflights. A key created with a domain accepts requests whose',
    '`Origin` is that host or a subdomain of it (any scheme http/https, any port); requests without an',
    '`Origin` (server to server) are accepted for every key.',
    '',
    "Errors are RFC 9457 problem details (`application/problem+json`): `type` (the developers page's",
    'section on the code, `/developers#error-<CODE>`), `title`, `status` and `detail`, and beside them',
    '`success: false`, `error` (the same text as `detail`) and `code`; program against `code`.',
  ].join('\n'),
  security: [{ [API_KEY_SCHEME]: [] }],
  body: PartnerSearchBody,
  response: {
    200: Type.Object(PartnerSearchResponse.properties, {
      description: 'The search result (the example is shortened).',
      headers: RATE_LIMIT_HEADERS,
      examples: [EXAMPLE_RESPONSE],
    }),
    400: errorResponse(400),
    401: errorResponse(401),
    403: errorResponse(403),
    404: errorResponse(404),
    413: errorResponse(413),
    415: errorResponse(415),
    429: errorResponse(429),
    503: errorResponse(503),
  },
};

/** GET /external/crime-search/export: the whole result of the same search as one file. */
export const partnerExportSchema = {
  tags: [PARTNER_TAG],
  operationId: 'partnerCrimeExport',
  summary: 'Every crime of a postcode search as one CSV or JSON file, streamed',
  description: [
    'The same search as `POST /api/external/crime-search`, given as query parameters, answered with',
    'every crime of the result in one streamed response: CSV (RFC 4180, UTF-8 with a byte-order mark,',
    'text that a spreadsheet would run as a formula prefixed with an apostrophe) or JSON (what was',
    'searched, then `crimes`, newest first). `Content-Disposition` names the file after the area and',
    'period; `X-Total-Count` gives the number of crimes. One export counts as one request against',
    'the daily limit. Errors are problem details, as for the search.',
  ].join('\n'),
  security: [{ [API_KEY_SCHEME]: [] }],
  querystring: PartnerExport.querystring,
  response: {
    200: {
      description: 'The file (text/csv or application/json).',
      headers: {
        ...RATE_LIMIT_HEADERS,
        'Content-Disposition': {
          type: 'string',
          description: 'attachment; filename="crimes-<area>-<period>.<format>"',
        },
        'X-Total-Count': { type: 'integer', description: 'Crimes in the file.' },
      },
    },
    400: errorResponse(400),
    401: errorResponse(401),
    403: errorResponse(403),
    404: errorResponse(404),
    429: errorResponse(429),
    503: errorResponse(503),
  },
};
