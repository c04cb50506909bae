/**
 * What the soak asks of the API, as a visitor, a partner and an administrator would: the bodies
 * follow the search contract (common/search) and the routes of api/src. Pure: given the places the
 * store knows and a seeded generator, the same requests come out in the same order.
 */
import { PERIOD_PRESETS, type PeriodPreset } from '../../../common/search/period.ts';
import type { SearchRequestBody, SearchType } from '../../../common/search/types.ts';
import type { Rng } from '../../data-sample/random.ts';

export interface StorePlaces {
  /** Postcodes the store can place (the sample's well-known ones and some of its generated ones). */
  postcodes: string[];
  /** Forces holding street crime. */
  forces: string[];
  /** Neighbourhoods with a stored boundary. */
  neighbourhoods: { forceId: string; id: string }[];
  /** YYYY-MM months of street crime held, newest first. */
  months: string[];
}

export interface PlannedRequest {
  /** Route label for the report: method, route pattern and, for searches, the kind. */
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)]!;
}

/** Draws from weighted choices. */
function weighted<T>(rng: Rng, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const PRESET_WEIGHTS: Record<PeriodPreset, number> = {
  RECENT_1_MONTH: 10,
  RECENT_3_MONTHS: 35,
  RECENT_6_MONTHS: 15,
  RECENT_12_MONTHS: 10,
  RECENT_24_MONTHS: 5,
  ALL_AVAILABLE: 5,
};

export type PeriodKind = 'preset' | 'single' | 'range';

/** A period the search form can send: mostly presets, some single months and ranges of held months. */
export function drawPeriod(
  rng: Rng,
  months: readonly string[],
): { kind: PeriodKind; startMonth: string; endMonth: string } {
  const kind =
    months.length === 0
      ? 'preset'
      : weighted<PeriodKind>(rng, [
          ['preset', 80],
          ['single', 10],
          ['range', 10],
        ]);
  if (kind === 'single') return { kind, startMonth: pick(rng, months), endMonth: '' };
  if (kind === 'range') {
    const a = rng.int(months.length);
    const b = rng.int(months.length);
    // months are newest first: the larger index is the older month.
    return { kind, startMonth: months[Math.max(a, b)]!, endMonth: months[Math.min(a, b)]! };
  }
  const preset = weighted(
    rng,
    PERIOD_PRESETS.map((p) => [p.preset, PRESET_WEIGHTS[p.preset]] as const),
  );
  return { kind, startMonth: preset, endMonth: '' };
}

/** A public search as the /search page sends it: radius around a postcode, a force, or a neighbourhood. */
export function drawSearch(rng: Rng, places: StorePlaces): PlannedRequest {
  const choices: [SearchType, number][] = [];
  if (places.postcodes.length > 0) choices.push(['radius', 60]);
  if (places.forces.length > 0) choices.push(['force', 25]);
  if (places.neighbourhoods.length > 0) choices.push(['neighbourhood', 15]);
  if (choices.length === 0) throw new Error('the store knows no postcode, force or neighbourhood to search');
  const searchType = weighted(rng, choices);
  const { startMonth, endMonth } = drawPeriod(rng, places.months);
  // Most visitors read the first page; some page on, some ask for the longest page.
  const page = weighted(rng, [
    [1, 85],
    [2, 10],
    [3, 5],
  ]);
  const pageSize = weighted(rng, [
    [10, 90],
    [100, 10],
  ]);
  const body: SearchRequestBody = { searchType, startMonth, endMonth, page, pageSize };
  if (searchType === 'radius') {
    body.postcode = pick(rng, places.postcodes);
    body.radius = 1;
  } else if (searchType === 'force') {
    body.forceId = pick(rng, places.forces);
  } else {
    const n = pick(rng, places.neighbourhoods);
    body.forceId = n.forceId;
    body.neighbourhoodId = n.id;
  }
  return {
    route: `POST /api/crimes/search (${searchType})`,
    method: 'POST',
    path: '/api/crimes/search',
    body,
  };
}

/** What the search page's postcode box asks while a visitor types: 2 to 5 characters of a postcode. */
export function drawAutocomplete(rng: Rng, places: StorePlaces): PlannedRequest {
  const compact = pick(rng, places.postcodes).replace(/\s+/g, '');
  const prefix = compact.slice(0, 2 + rng.int(Math.min(4, compact.length - 1)));
  return {
    route: 'GET /api/postcodes/autocomplete',
    method: 'GET',
    path: `/api/postcodes/autocomplete?q=${encodeURIComponent(prefix)}`,
  };
}

/** A partner's call: a postcode radius search with one of the presets. */
export function drawPartnerSearch(
  rng: Rng,
  places: StorePlaces,
): { postcode: string; startMonth: string; endMonth: string } {
  const preset = weighted(rng, [
    ['RECENT_3_MONTHS', 60],
    ['RECENT_1_MONTH', 20],
    ['RECENT_12_MONTHS', 20],
  ] as const);
  return { postcode: pick(rng, places.postcodes), startMonth: preset, endMonth: '' };
}

/**
 * The admin's round, one step per call: reads of every admin screen, an SMTP settings save, an API
 * key created and revoked. Logging out and in again is done apart (see run.ts), less often.
 */
export type AdminStep =
  | 'check'
  | 'system'
  | 'imports'
  | 'messages'
  | 'smtp-read'
  | 'smtp-save'
  | 'keys-list'
  | 'key-create'
  | 'key-revoke';

export const ADMIN_ROUND: readonly AdminStep[] = [
  'check',
  'system',
  'smtp-read',
  'smtp-save',
  'keys-list',
  'key-create',
  'imports',
  'key-revoke',
  'messages',
];

export function adminRequest(
  step: AdminStep,
  n: number,
  keyToRevoke: number | undefined,
): PlannedRequest | undefined {
  switch (step) {
    case 'check':
      return { route: 'GET /api/admin/check', method: 'GET', path: '/api/admin/check' };
    case 'system':
      return { route: 'GET /api/admin/system', method: 'GET', path: '/api/admin/system' };
    case 'imports':
      return { route: 'GET /api/admin/imports', method: 'GET', path: '/api/admin/imports' };
    case 'messages':
      return { route: 'GET /api/admin/messages', method: 'GET', path: '/api/admin/messages?limit=50' };
    case 'smtp-read':
      return { route: 'GET /api/smtp/settings', method: 'GET', path: '/api/smtp/settings' };
    case 'smtp-save':
      // A server that is not there: the outbox is empty, so nothing is ever sent to it.
      return {
        route: 'POST /api/smtp/settings',
        method: 'POST',
        path: '/api/smtp/settings',
        body: {
          host: 'smtp.soak.invalid',
          port: n % 2 === 0 ? '587' : 465,
          user: 'soak',
          pass: `soak-password-${n}`,
          fromEmail: 'clock@soak.invalid',
          adminEmail: 'admin@soak.invalid',
          secure: n % 2 === 1,
        },
      };
    case 'keys-list':
      return { route: 'GET /api/admin/api-keys', method: 'GET', path: '/api/admin/api-keys' };
    case 'key-create':
      return {
        route: 'POST /api/admin/api-keys',
        method: 'POST',
        path: '/api/admin/api-keys',
        body: {
          name: `soak temporary ${n}`,
          domain: n % 2 === 0 ? 'soak.example' : null,
          dailyRateLimit: 10,
        },
      };
    case 'key-revoke':
      return keyToRevoke === undefined
        ? undefined
        : {
            route: 'DELETE /api/admin/api-keys/:id',
            method: 'DELETE',
            path: `/api/admin/api-keys/${keyToRevoke}`,
          };
  }
}

/** The pages a visitor opens (the API serves the built UI for each). */
export const UI_PAGES: readonly string[] = ['/', '/search', '/crime-clock', '/police-crime-clock'];

/** Script and style files a page loads, read from its HTML (`/assets/…`). */
export function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)) found.add(match[1]!);
  return [...found];
}

/** Requests a partner's daily limit should allow, for a key given `calls` calls in the run. */
export function limitedKeyAllowance(calls: number): number {
  return Math.max(5, Math.floor(calls / 4));
}
