import type { Sequelize } from 'sequelize';
import { neighbourhoodLabel } from '../../../common/clock/area-name.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { categoryFromCode } from '../../../common/crime/categories.ts';
import { forceById } from '../../../common/police/forces.ts';
import { countedForceById, uncountedForceText } from '../../../common/police-coverage/coverage.ts';
import { METRES_PER_MILE, parseBoundary } from '../../../common/search/geometry.ts';
import {
  addMonths,
  formatMonth,
  monthLabel,
  monthsFrom,
  type MonthNumber,
} from '../../../common/search/months.ts';
import { parsePeriod, resolvePeriod, type StoreMonths } from '../../../common/search/period.ts';
import { validateSearchCriteria } from '../../../common/search/request.ts';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_RADIUS_MILES,
  type ApiCrime,
  type AvailableDatesResponse,
  type SearchRequestBody,
  type SearchResponse,
  type RequestSearchType,
} from '../../../common/search/types.ts';
import { inSnapshot, openSnapshot, type OpenSnapshot } from '../db/reads.ts';
import { areaClockDefinition } from '../clocks/area-clock.ts';
import { clockAnswer } from '../clocks/clock-answer.ts';
import type { PoliceClockService } from '../clocks/police-clock-service.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import type { PostcodeLocation, PostcodeService } from '../postcodes/postcode-service.ts';
import { forceArea } from './area-force.ts';
import { polygonArea } from './area-neighbourhood.ts';
import { radiusArea } from './area-radius.ts';
import { storeArea } from './area-store.ts';
import { readingOnce, type CrimeRow, type SearchArea } from './areas.ts';
import { STREET_DATASET, storeMonths } from './coverage.ts';
import { availableDatesFrom } from '../data-status/available-dates.ts';
import { readDataStatus } from '../db/data-status-reads.ts';
import { num, select } from './sql.ts';
import { buildStats } from './stats.ts';

export interface SearchServiceOptions {
  sequelize: Sequelize;
  postcodes: Pick<PostcodeService, 'lookup'>;
  /** The national police clock (the "default" search's clockData). */
  policeClock: PoliceClockService;
  /**
   * Area clocks already worked out, per API node: the root hands in an LRU of AREA_CLOCKS_KEPT
   * (composition/caches.ts), so their memory is bounded and decided in one place.
   */
  areaClocks: AreaClockCache;
  now?: () => number;
}

/** An area's police clock under the national clock's version it was worked out for. */
export interface AreaClockEntry {
  version: string;
  definition: ClockDefinition | null;
}

/** What the search needs of its area-clock cache (an LRU in the app; a Map does in tests). */
export interface AreaClockCache {
  get(key: string): AreaClockEntry | undefined;
  set(key: string, entry: AreaClockEntry): unknown;
}

export interface SearchService {
  search(request: SearchRequestBody): Promise<SearchResponse>;
  /**
   * The whole result of a search, for an export: the answer's summary (its `data` is the first
   * crime only) and every crime, newest first, read from the store in batches as they are taken.
   */
  searchAll(request: SearchRequestBody, batchSize: number): Promise<WholeResult>;
  /** The search's area and period, checked as a search checks them, without counting anything. */
  resolve(request: SearchRequestBody): Promise<ResolvedSearch>;
  availableDates(): Promise<AvailableDatesResponse>;
  /**
   * Only the police clock of a search's area (its clockData's definition); null when the area has
   * no data. Refused as the search is: the area's own refusals, and 404 NO_DATA while the store
   * holds no police data at all (a state that passes, where an area without data does not).
   */
  clock(request: SearchRequestBody): Promise<ClockDefinition | null>;
  /**
   * Runs `work` with all its reads of the store in one snapshot (db/reads.ts): what it asks of
   * this service (resolve, and the areas' reads) sees one state of the store.
   */
  consistently<T>(work: () => Promise<T>): Promise<T>;
}

export interface ResolvedSearch {
  searchType: RequestSearchType;
  area: SearchArea;
  /** "1 mile around SW1A 1AA", "L-shaped Ward, Metropolitan Police Service"... */
  label: string;
  /** A neighbourhood's own name ("L-shaped Ward"): what the label says of it, as a fact. */
  neighbourhoodName?: string;
  forceId: string | null;
  start: MonthNumber;
  end: MonthNumber;
}

/**
 * Read in one snapshot of the store, held until the batches are all read or `close` is called:
 * the file holds exactly the crimes the summary counts, whatever an import commits meanwhile.
 */
export interface WholeResult {
  summary: SearchResponse;
  /** The crimes, as the search lists them. One source with `rows`: read one or the other. */
  crimes: AsyncGenerator<ApiCrime[]>;
  /** The same crimes as store rows, for writers that turn rows into text without an ApiCrime each. */
  rows: AsyncGenerator<CrimeRow[]>;
  /** Ends the snapshot (when the batches are not read to their end); again is harmless. */
  close(): Promise<void>;
}

interface ResolvedArea {
  area: SearchArea;
  label: string;
  /** A neighbourhood's own name, which its clock and the answer's area carry beside the label. */
  neighbourhoodName?: string;
  postcode: string | null;
  synthetic: boolean;
}

/** Area clocks kept in memory per API node (a definition is a few kilobytes). */
export const AREA_CLOCKS_KEPT = 500;

export const NO_DATA_MESSAGE =
  'No police crime data has been imported yet. Import the data.police.uk archive (or the sample) and try again.';

export function toApiCrime(row: CrimeRow): ApiCrime {
  const located = row.lat !== null && row.lng !== null;
  return {
    id: num(row.id),
    category: categoryFromCode(num(row.category))?.slug ?? 'other-crime',
    month: formatMonth(num(row.month)),
    location: located
      ? { latitude: String(row.lat), longitude: String(row.lng), street: { name: row.street } }
      : null,
    outcome_status: row.outcome ? { category: row.outcome, date: null } : null,
    persistent_id: row.crime_ref ?? '',
    force_id: row.force_id,
    lsoa_code: row.lsoa_code,
  };
}

function knownForce(forceId: string) {
  const force = countedForceById(forceId);
  if (force) return force;
  // A force outside England and Wales (Northern Ireland) is searched nowhere: said so, by name.
  if (forceById(forceId)) throw notFound(uncountedForceText(forceId), 'FORCE_NOT_FOUND');
  throw notFound(`Unknown police force "${forceId}"`, 'FORCE_NOT_FOUND');
}

/** The request's area, its label and its postcode, read in the answer's snapshot. */
async function resolveArea(
  { sequelize, postcodes }: Pick<SearchServiceOptions, 'sequelize' | 'postcodes'>,
  request: SearchRequestBody,
  found: PostcodeLocation | undefined,
): Promise<ResolvedArea> {
  switch (request.searchType ?? 'radius') {
    case 'default':
      return {
        area: storeArea(sequelize),
        label: 'Every force in the store',
        postcode: null,
        synthetic: false,
      };
    case 'radius': {
      const place = found ?? (await postcodes.lookup(request.postcode ?? ''));
      const centre = { lat: place.latitude, lng: place.longitude };
      return {
        area: radiusArea(sequelize, centre, SEARCH_RADIUS_MILES * METRES_PER_MILE),
        label: `${SEARCH_RADIUS_MILES} mile around ${place.postcode}`,
        postcode: place.postcode,
        synthetic: place.synthetic,
      };
    }
    case 'neighbourhood': {
      const force = knownForce(request.forceId!.trim());
      const neighbourhoodId = request.neighbourhoodId!.trim();
      const [row] = await select<{ name: string; boundary: string | null }>(
        sequelize,
        'SELECT name, boundary FROM neighbourhoods WHERE force_id = :forceId AND id = :id',
        { forceId: force.id, id: neighbourhoodId },
      );
      if (!row)
        throw notFound(
          `Neighbourhood "${neighbourhoodId}" of ${force.name} not found`,
          'NEIGHBOURHOOD_NOT_FOUND',
        );
      const rings = row.boundary ? parseBoundary(row.boundary) : undefined;
      if (!rings) {
        throw notFound(
          `No boundary is stored for the neighbourhood ${row.name}, so it cannot be searched`,
          'BOUNDARY_NOT_FOUND',
        );
      }
      return {
        area: polygonArea(sequelize, rings, force.id),
        label: neighbourhoodLabel(row.name, force.id),
        neighbourhoodName: row.name,
        postcode: null,
        synthetic: false,
      };
    }
    case 'force': {
      const force = knownForce(request.forceId!.trim());
      return {
        area: await forceArea(sequelize, force.id),
        label: force.name,
        postcode: null,
        synthetic: false,
      };
    }
  }
}

/**
 * One page of the newest-first incident list, found month by month from the known totals.
 * `first` is the start of the newest month, read while the totals were being counted.
 */
async function pageOfCrimes(
  area: SearchArea,
  monthTotals: Map<MonthNumber, number>,
  page: number,
  pageSize: number,
  first?: { month: MonthNumber; rows: CrimeRow[] },
): Promise<ApiCrime[]> {
  let skip = (page - 1) * pageSize;
  let wanted = pageSize;
  const rows: CrimeRow[] = [];
  for (const month of [...monthTotals.keys()].sort((a, b) => b - a)) {
    const inMonth = monthTotals.get(month) ?? 0;
    if (skip >= inMonth) {
      skip -= inMonth;
      continue;
    }
    const take = Math.min(wanted, inMonth - skip);
    const prefetched = first && first.month === month && skip === 0 && first.rows.length >= take;
    rows.push(...(prefetched ? first.rows.slice(0, take) : await area.page(month, skip, take)));
    wanted -= take;
    skip = 0;
    if (wanted === 0) break;
  }
  return rows.map(toApiCrime);
}

async function* allRows(
  area: SearchArea,
  monthTotals: Map<MonthNumber, number>,
  batchSize: number,
): AsyncGenerator<CrimeRow[]> {
  const months = [...monthTotals].filter(([, crimes]) => crimes > 0).map(([month]) => month);
  for (const month of months.sort((a, b) => b - a)) yield* area.batches(month, batchSize);
}

async function* allCrimes(rows: AsyncGenerator<CrimeRow[]>): AsyncGenerator<ApiCrime[]> {
  for await (const batch of rows) yield batch.map(toApiCrime);
}

/** The batches read in the snapshot, which ends with them. */
async function* inSnapshotOf<T>(snapshot: OpenSnapshot, batches: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    for (;;) {
      const next = await snapshot.run(() => batches.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await snapshot.run(() => batches.return(undefined)).catch(() => undefined);
    await snapshot.end();
  }
}

export function createSearchService({
  sequelize,
  postcodes,
  policeClock,
  areaClocks,
  now = Date.now,
}: SearchServiceOptions): SearchService {
  /**
   * A radius search's postcode, looked up before the answer's snapshot is taken: a postcode not in
   * the store is asked of the postcode service and remembered, which must not hold the snapshot's
   * connection meanwhile (nor wait for a second one from the pool while holding it).
   */
  async function placeOf(request: SearchRequestBody): Promise<PostcodeLocation | undefined> {
    return (request.searchType ?? 'radius') === 'radius'
      ? postcodes.lookup(request.postcode ?? '')
      : undefined;
  }

  /**
   * The area's police clock: the national one for the whole store (one truth with the clock
   * pages), else the area's own over its last 12 months with data.
   */
  // Area clocks only change with the police data: kept per area (its label names it) under the
  // national clock's version, so searching an area again, or a realtime node re-reading its
  // room, costs no 12-month aggregate (new boundaries alone show with the next police import).
  // The cache is handed in (areaClocks): the least recently used out beyond AREA_CLOCKS_KEPT.
  async function clockOf(
    resolved: ResolvedArea,
    held: StoreMonths,
    national: ClockDefinition | null,
  ): Promise<ClockDefinition | null> {
    if (resolved.area.kind === 'default') return national;
    const key = `${resolved.area.kind}|${resolved.label}`;
    const version = national?.version ?? '';
    const cached = areaClocks.get(key);
    if (cached?.version === version) return cached.definition;
    const definition = await areaClockDefinition({
      area: resolved.area,
      label: resolved.label,
      neighbourhoodName: resolved.neighbourhoodName,
      held,
      lastUpdated: national?.meta.lastUpdated ?? new Date(0).toISOString(),
      synthetic: resolved.synthetic,
    });
    areaClocks.set(key, { version, definition });
    return definition;
  }

  function checkCriteria(request: SearchRequestBody) {
    const searchType = request.searchType ?? 'radius';
    const issue = validateSearchCriteria({ ...request, searchType });
    if (issue) throw badRequest(issue.text, issue.code);
    if (request.radius !== undefined && request.radius !== SEARCH_RADIUS_MILES) {
      throw badRequest(`The search radius is fixed at ${SEARCH_RADIUS_MILES} mile`, 'INVALID_RADIUS');
    }
    return searchType;
  }

  /**
   * The request's own checks and its postcode's place: nothing of the crime data is read yet, so a
   * bad request is refused before a snapshot is taken. Its page and page size are not checked here:
   * the contract's schema bounds them (common/contracts/paging.ts), and every caller's are its
   * schema-checked body or the constant 1.
   */
  async function check(request: SearchRequestBody) {
    const searchType = checkCriteria(request);
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
    const period = parsePeriod(request.startMonth, request.endMonth);
    if (!period.ok) throw badRequest(period.error, 'INVALID_PERIOD');
    const place = await placeOf({ ...request, searchType });
    return { searchType, page, pageSize, period: period.value, place };
  }

  type Checked = Awaited<ReturnType<typeof check>>;

  /** The checked request's area and period, read in the caller's snapshot. */
  async function prepare(request: SearchRequestBody, checked: Checked) {
    const { searchType, place } = checked;
    // Independent reads are asked together (in a snapshot they queue on its one connection); an
    // error about the request itself wins over "no data" whichever finishes first.
    const [areaRead, heldRead] = await Promise.allSettled([
      resolveArea({ sequelize, postcodes }, { ...request, searchType }, place),
      storeMonths(sequelize),
    ]);
    if (areaRead.status === 'rejected') throw areaRead.reason;
    if (heldRead.status === 'rejected') throw heldRead.reason;
    const resolved = { ...areaRead.value, area: readingOnce(areaRead.value.area) };
    const held = heldRead.value;
    if (!held) throw new HttpError(404, 'NO_DATA', NO_DATA_MESSAGE);
    const range = resolvePeriod(checked.period, held);
    if (!range.ok) throw badRequest(range.error, 'MONTH_OUT_OF_RANGE');
    return { ...checked, resolved, held, range: range.value };
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /**
   * The counts of a prepared search: the coverage, the sums per month and category and the figures
   * built on them, read together with the newest month's first rows and the area's clock.
   */
  async function count(prepared: Prepared, withClock: boolean) {
    const { page, pageSize, resolved, held } = prepared;
    const { area } = resolved;
    const { start, end } = prepared.range;
    // A one-month period is compared with the month before it.
    const windowStart = start === end ? addMonths(start, -1) : start;
    // The first page nearly always starts with the newest month: it is read alongside the
    // counts rather than after them, and used when the counts confirm it.
    // The national clock and its stamp (the answer's data version) in one read of the stamp.
    const national = policeClock.current();
    const [coverage, { counts, resolvedByMonth, population }, newest, clock, { stamp: dataVersion }] =
      await Promise.all([
        area.coverage({ windowStart, end }),
        area.summary({ windowStart, end }),
        page === 1 ? area.page(end, 0, pageSize) : Promise.resolve(undefined),
        withClock
          ? national.then(({ definition }) => clockOf(resolved, held, definition))
          : Promise.resolve(null),
        national,
      ]);
    const { stats, monthTotals } = buildStats({
      start,
      end,
      windowStart,
      counts,
      resolvedByMonth,
      coverage: coverage.months,
      population,
    });
    const total = [...monthTotals.values()].reduce((a, b) => a + b, 0);
    return { coverage, stats, monthTotals, total, newest, clock, dataVersion };
  }

  type Counted = Awaited<ReturnType<typeof count>>;

  /** The page of crimes the request asks for, found from the counted month totals. */
  async function pageOf(prepared: Prepared, { monthTotals, total, newest }: Counted) {
    const { page, pageSize, resolved, range } = prepared;
    const pages = Math.ceil(total / pageSize);
    const first = newest ? { month: range.end, rows: newest } : undefined;
    const data = page <= pages ? await pageOfCrimes(resolved.area, monthTotals, page, pageSize, first) : [];
    return { data, pages };
  }

  /** The answer: the figures and the page, with the area, the period and which forces had data. */
  function describe(
    request: SearchRequestBody,
    prepared: Prepared,
    { coverage, stats, total, clock, dataVersion }: Counted,
    { data, pages }: Awaited<ReturnType<typeof pageOf>>,
  ): SearchResponse {
    const { searchType, page, pageSize, resolved, held } = prepared;
    const { area } = resolved;
    const { start, end } = prepared.range;
    const startText = formatMonth(start);
    const periodMonths = new Set(monthsFrom(start, end).map(formatMonth));

    const synthetic = coverage.synthetic || resolved.synthetic;
    const response: SearchResponse = {
      success: true,
      synthetic,
      data,
      pagination: { page, pageSize, total, pages },
      coordinates: { latitude: area.centre.lat, longitude: area.centre.lng },
      stats,
      dataInfo: {
        searchType,
        timeRange: {
          start: startText,
          end: formatMonth(end),
          label: start === end ? monthLabel(end) : `${monthLabel(start)} to ${monthLabel(end)}`,
          preset: prepared.period.kind === 'preset' ? prepared.period.preset : null,
        },
        totalMonths: prepared.range.months,
        radius: searchType === 'radius' ? SEARCH_RADIUS_MILES : null,
        area: {
          label: resolved.label,
          postcode: resolved.postcode,
          forceId: searchType === 'radius' ? null : (request.forceId?.trim() ?? null),
          neighbourhoodId: searchType === 'neighbourhood' ? (request.neighbourhoodId?.trim() ?? null) : null,
          neighbourhoodName: resolved.neighbourhoodName,
        },
        monthsWithoutData: stats.monthlyBreakdown.filter((m) => !m.hasData).map((m) => m.month),
        forcesWithoutData: coverage.forcesWithoutData
          .map((f) => ({ ...f, months: f.months.filter((m) => periodMonths.has(m)) }))
          .filter((f) => f.months.length > 0),
        forcesWithData: coverage.forcesWithData
          .filter((f) => f.months.some((m) => periodMonths.has(m)))
          .map(({ id, name }) => ({ id, name })),
        synthetic,
        dataVersion,
        latestMonth: formatMonth(held.latest),
      },
      clockData: clock ? clockAnswer(clock, now()) : null,
    };
    return response;
  }

  /**
   * The answer to a checked search, every read in the caller's snapshot: resolve the area and the
   * period, count, read the page, describe.
   */
  async function run(request: SearchRequestBody, checked: Checked, withClock: boolean) {
    const prepared = await prepare(request, checked);
    const counted = await count(prepared, withClock);
    const page = await pageOf(prepared, counted);
    const response = describe(request, prepared, counted, page);
    return { response, area: prepared.resolved.area, monthTotals: counted.monthTotals };
  }

  return {
    async search(request) {
      const checked = await check(request);
      return (await inSnapshot(sequelize, () => run(request, checked, true))).response;
    },

    async searchAll(request, batchSize) {
      const first = { ...request, page: 1, pageSize: 1 };
      const checked = await check(first);
      const snapshot = await openSnapshot(sequelize);
      try {
        const { response, area, monthTotals } = await snapshot.run(() => run(first, checked, false));
        const rows = inSnapshotOf(snapshot, allRows(area, monthTotals, batchSize));
        return { summary: response, rows, crimes: allCrimes(rows), close: () => snapshot.end() };
      } catch (error) {
        await snapshot.end();
        throw error;
      }
    },

    consistently(work) {
      return inSnapshot(sequelize, work);
    },

    async resolve(request) {
      const checked = await check(request);
      const { searchType, resolved, range } = await inSnapshot(sequelize, () => prepare(request, checked));
      return {
        searchType,
        area: resolved.area,
        label: resolved.label,
        neighbourhoodName: resolved.neighbourhoodName,
        forceId: searchType === 'radius' ? null : (request.forceId?.trim() ?? null),
        start: range.start,
        end: range.end,
      };
    },

    async clock(request) {
      checkCriteria(request);
      const place = await placeOf(request);
      return inSnapshot(sequelize, async () => {
        const [resolved, held] = await Promise.all([
          resolveArea({ sequelize, postcodes }, request, place),
          storeMonths(sequelize),
        ]);
        if (!held) throw new HttpError(404, 'NO_DATA', NO_DATA_MESSAGE);
        return clockOf(resolved, held, await policeClock.definition());
      });
    },

    async availableDates() {
      // The same force-months GET /api/data-status reads, so the two never disagree.
      return availableDatesFrom((await readDataStatus(sequelize, STREET_DATASET)).held);
    },
  };
}
