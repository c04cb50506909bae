import { createHash } from 'node:crypto';
import { forceById } from '../../../../common/police/forces.ts';
import type { ApiCache, CacheEntry } from './cache.ts';
import {
  parseBoundary,
  parseForces,
  parseMembers,
  parseNeighbourhoods,
  parsePublishedMonths,
  type BoundaryPoint,
  type PoliceApiForce,
  type PoliceApiNeighbourhood,
  type PoliceMember,
} from './responses.ts';
import type { PoliceApiLogger, RetryOptions, Transport } from './transport.ts';

/**
 * Where a result came from:
 * - `live`: data.police.uk answered just now (and the answer is now cached);
 * - `cache`: a cached answer younger than its kind's time to live, no request made;
 * - `stale-cache`: data.police.uk failed, so an older cached answer stands in (`reason` says why);
 * - `unavailable`: it failed and nothing is cached; `data` is empty and `reason` says why.
 */
export type PoliceApiSource = 'live' | 'cache' | 'stale-cache' | 'unavailable';

export interface PoliceApiResult<T> {
  data: T;
  source: PoliceApiSource;
  /** Why the data is not live and fresh: set for `stale-cache` and `unavailable`. */
  reason?: string;
  /** When data.police.uk produced the data; absent when unavailable. */
  fetchedAt?: Date;
  /** data.police.uk's status when it answered with an error (404: no such force or neighbourhood). */
  httpStatus?: number;
}

export type CacheKind = 'forces' | 'neighbourhoods' | 'boundary' | 'people';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Forces and boundaries change a few times a year, neighbourhood teams far more often. */
export const DEFAULT_TTL_MS: Readonly<Record<CacheKind, number>> = {
  forces: 7 * DAY_MS,
  neighbourhoods: 7 * DAY_MS,
  boundary: 30 * DAY_MS,
  people: DAY_MS,
};

/** data.police.uk's published limits: 15 requests a second, bursts of up to 30. */
export const PUBLISHED_RATE_LIMIT = { perSecond: 15, burst: 30 } as const;

export const DEFAULT_RETRY: Readonly<RetryOptions> = {
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/**
 * What the client reads through, each built once by the composition root
 * (composition/police-api.ts): the store's cache of answers and the rate-limited transport.
 */
export interface PoliceApiClientOptions {
  cache: ApiCache;
  transport: Transport;
  /** The clock cache ages are measured by. */
  now?: () => Date;
  logger?: PoliceApiLogger;
  ttlMs?: Partial<Record<CacheKind, number>>;
  /** A name for a force the API lists without one; defaults to the forces fact table, then the id. */
  forceName?: (id: string) => string | undefined;
}

export interface PoliceApiClient {
  forces(): Promise<PoliceApiResult<PoliceApiForce[]>>;
  neighbourhoods(forceId: string): Promise<PoliceApiResult<PoliceApiNeighbourhood[]>>;
  /** The boundary as data.police.uk draws it: one ring of points, not closed. */
  neighbourhoodBoundary(forceId: string, neighbourhoodId: string): Promise<PoliceApiResult<BoundaryPoint[]>>;
  neighbourhoodTeam(forceId: string, neighbourhoodId: string): Promise<PoliceApiResult<PoliceMember[]>>;
  forceSeniorOfficers(forceId: string): Promise<PoliceApiResult<PoliceMember[]>>;
  /**
   * The months data.police.uk has published street crime for, newest first (`crimes-street-dates`):
   * always asked live, never from the cache, as the data update checks what is new with it.
   */
  publishedMonths(): Promise<PoliceApiResult<string[]>>;
}

const silentLogger: PoliceApiLogger = { warn() {}, debug() {} };

/** Ids become single path segments; `.`/`..` would be resolved away by the URL parser. */
function segment(id: string): string | undefined {
  if (id === '' || id === '.' || id === '..' || id.length > 128 || Array.from(id).some((c) => c < ' '))
    return undefined;
  return encodeURIComponent(id);
}

/** The path itself, unless it would not fit the 255-character key column. */
function cacheKeyOf(path: string): string {
  return path.length <= 255 ? path : `sha256:${createHash('sha256').update(path).digest('hex')}`;
}

/**
 * A data.police.uk client shared by the whole process: its transport's one token bucket keeps
 * every caller together inside the published rate limit. Every method resolves (never rejects for a
 * failure of data.police.uk) with the freshest data it can get and says where that came from.
 */
export function createPoliceApiClient(options: PoliceApiClientOptions): PoliceApiClient {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const ttl = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  const { cache, transport } = options;
  const forceName = (id: string) => options.forceName?.(id) ?? forceById(id)?.name ?? id;
  // Callers asking for the same thing at once share one request instead of spending tokens on it.
  const inFlight = new Map<string, Promise<PoliceApiResult<unknown>>>();

  async function readCache(key: string): Promise<CacheEntry | undefined> {
    try {
      return await cache.read(key);
    } catch (error) {
      logger.warn({ err: error, key }, 'police API cache could not be read');
      return undefined;
    }
  }

  /** A cached body converted, or undefined if it no longer converts (then it is ignored). */
  function fromCache<T>(entry: CacheEntry | undefined, convert: (body: unknown) => T, key: string) {
    if (!entry) return undefined;
    try {
      return { data: convert(JSON.parse(entry.body) as unknown), fetchedAt: entry.fetchedAt };
    } catch (error) {
      logger.warn({ err: error, key }, 'police API cache entry is unreadable; ignoring it');
      return undefined;
    }
  }

  async function load<T>(
    kind: CacheKind,
    path: string,
    convert: (body: unknown) => T,
    empty: T,
  ): Promise<PoliceApiResult<T>> {
    const key = cacheKeyOf(path);
    const entry = await readCache(key);
    const cached = fromCache(entry, convert, key);
    if (cached && now().getTime() - cached.fetchedAt.getTime() < ttl[kind]) {
      return { ...cached, source: 'cache' };
    }

    const response = await transport.getJson(path);
    let failure: { reason: string; httpStatus?: number };
    if (response.ok) {
      try {
        const data = convert(response.body);
        const fetchedAt = now();
        try {
          await cache.write(key, JSON.stringify(response.body), fetchedAt);
        } catch (error) {
          logger.warn({ err: error, key }, 'police API cache could not be written');
        }
        return { data, source: 'live', fetchedAt };
      } catch (error) {
        failure = { reason: error instanceof Error ? error.message : String(error) };
        logger.warn({ path, reason: failure.reason }, 'data.police.uk response refused');
      }
    } else {
      failure = { reason: response.reason, httpStatus: response.httpStatus };
    }
    // A 404 is data.police.uk's definite answer (the force or neighbourhood is gone), so an old
    // copy must not stand in for it; every other failure is a reason to fall back on the store.
    if (cached && failure.httpStatus !== 404) return { ...cached, source: 'stale-cache', ...failure };
    return { data: empty, source: 'unavailable', ...failure };
  }

  function shared<T>(
    kind: CacheKind,
    path: string,
    convert: (body: unknown) => T,
    empty: T,
  ): Promise<PoliceApiResult<T>> {
    const running = inFlight.get(path) as Promise<PoliceApiResult<T>> | undefined;
    if (running) return running;
    const started = load(kind, path, convert, empty).finally(() => inFlight.delete(path));
    inFlight.set(path, started);
    return started;
  }

  function invalidId<T>(empty: T): Promise<PoliceApiResult<T>> {
    return Promise.resolve({
      data: empty,
      source: 'unavailable',
      reason: 'not a valid force or neighbourhood id',
    });
  }

  return {
    forces: () => shared('forces', '/forces', (body) => parseForces(body, forceName), []),

    neighbourhoods(forceId) {
      const force = segment(forceId);
      if (force === undefined) return invalidId([]);
      return shared('neighbourhoods', `/${force}/neighbourhoods`, parseNeighbourhoods, []);
    },

    neighbourhoodBoundary(forceId, neighbourhoodId) {
      const [force, neighbourhood] = [segment(forceId), segment(neighbourhoodId)];
      if (force === undefined || neighbourhood === undefined) return invalidId([]);
      return shared('boundary', `/${force}/${neighbourhood}/boundary`, parseBoundary, []);
    },

    neighbourhoodTeam(forceId, neighbourhoodId) {
      const [force, neighbourhood] = [segment(forceId), segment(neighbourhoodId)];
      if (force === undefined || neighbourhood === undefined) return invalidId([]);
      return shared('people', `/${force}/${neighbourhood}/people`, parseMembers, []);
    },

    forceSeniorOfficers(forceId) {
      const force = segment(forceId);
      if (force === undefined) return invalidId([]);
      return shared('people', `/forces/${force}/people`, parseMembers, []);
    },

    async publishedMonths() {
      const path = '/crimes-street-dates';
      const response = await transport.getJson(path);
      if (!response.ok) {
        // The transport's 404 words are about forces and neighbourhoods; this list always exists.
        const reason =
          response.httpStatus === 404
            ? `data.police.uk answered 404 for ${path}: is POLICE_API_URL the API's address?`
            : response.reason;
        return { data: [], source: 'unavailable', reason, httpStatus: response.httpStatus };
      }
      try {
        return { data: parsePublishedMonths(response.body), source: 'live', fetchedAt: now() };
      } catch (error) {
        return { data: [], source: 'unavailable', reason: (error as Error).message };
      }
    },
  };
}
