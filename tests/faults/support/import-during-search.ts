import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../api/src/db/connection.ts';
import { importSources } from '../../../api/src/police-data/import/index.ts';
import { createPostcodeService } from '../../../api/src/postcodes/postcode-service.ts';
import { createPoliceClockService } from '../../../api/src/clocks/police-clock-service.ts';
import { createExportService } from '../../../api/src/search/export-service.ts';
import { createMapService } from '../../../api/src/search/map-service.ts';
import { createSearchService } from '../../../api/src/search/search-service.ts';
import { addMonths, formatMonth, parseMonth } from '../../../common/search/months.ts';
import type { SearchRequestBody, SearchResponse } from '../../../common/search/types.ts';
import { storeDerivedTables } from '../../../api/src/police-data/store-derived-tables.ts';
import { apiClient, ROOT, startApiProcess, type ApiProcess } from '../../support/api-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../support/database.ts';
import {
  csvText,
  STREET_HEADER,
  streetRows,
  writeFiles,
  writeLargeStreetFile,
} from '../../support/police-archive.ts';

const OLD_ROWS = 1_500;
const CENTRE = { lat: 51.27, lng: 0.52 };
const MAY = { startMonth: '2024-05', endMonth: '2024-05' };
const SEARCHES = {
  force: { searchType: 'force', forceId: 'kent', ...MAY },
  radius: { searchType: 'radius', postcode: 'ME14 1AA', ...MAY },
} as const;
type SearchName = keyof typeof SEARCHES;

interface SearchAnswer {
  success: boolean;
  data: { id: number; month: string }[];
  pagination: { total: number };
  stats: { totalCrimes: number | null; crimeTypes: { category: string; count: number }[] };
}

interface Observation {
  search: SearchName;
  status: number;
  /** Everything the answer says about how many crimes there are, as one comparable string. */
  counts: string;
  /** Whether the listed crimes are all from the old release, all from the new one, or both. */
  page: 'old' | 'new' | 'both' | 'none';
}

function countsOf(answer: SearchAnswer): string {
  const types = answer.stats.crimeTypes.map((t) => `${t.category}=${t.count}`).sort();
  return `${answer.stats.totalCrimes}|${answer.pagination.total}|${types.join(',')}`;
}

/** Runs searches one after another until stopped, alternating force-wide and radius. */
function searchLoop(baseUrl: string, lastOldId: () => number) {
  const client = apiClient(baseUrl);
  const seen: Observation[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const search: SearchName = i % 2 === 0 ? 'force' : 'radius';
      const res = await client.post('/api/crimes/search', SEARCHES[search]);
      if (res.status !== 200) {
        seen.push({ search, status: res.status, counts: JSON.stringify(res.body), page: 'none' });
        continue;
      }
      const answer = res.body as unknown as SearchAnswer;
      const ids = answer.data.map((c) => c.id);
      const old = ids.filter((id) => id <= lastOldId()).length;
      const page = ids.length === 0 ? 'none' : old === ids.length ? 'old' : old === 0 ? 'new' : 'both';
      seen.push({ search, status: res.status, counts: countsOf(answer), page });
    }
  })();
  return {
    seen,
    async stop() {
      running = false;
      await done;
    },
  };
}

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Rows of the big file the CLI had reported when it was killed. */
  rowsWhenKilled?: number;
}

/**
 * The built import CLI (`npm run import` compiled), killed with SIGKILL once it reports `killAtRows`.
 * It reports every 10 ms: MySQL loads a 40,000-row file in about 0.3 s, and at 0.1 s a report
 * could fall before the kill point and the next one after the file's last row.
 */
function runImport(source: string, databaseUrl: string, killAtRows?: number): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'dist', 'api', 'src', 'police-data', 'import', 'cli', 'import-command.js'),
      source,
      '--progress-interval',
      '0.01',
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const run: CliRun = { code: null, signal: null, stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => {
    run.stderr += chunk.toString();
    if (killAtRows === undefined || run.rowsWhenKilled !== undefined) return;
    const progress = [...run.stderr.matchAll(/2024-05-kent-street\.csv: ([\d,]+) rows so far/g)].at(-1);
    const rows = progress ? Number(progress[1]!.replaceAll(',', '')) : 0;
    if (rows >= killAtRows) {
      run.rowsWhenKilled = rows;
      child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ ...run, code, signal })));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ImportDuringSearchOptions {
  /** Crimes in the new release of Kent's May 2024 (the store holds 1,500 before). */
  rows: number;
  /** Each a share of `rows`: an import run is killed with SIGKILL once it reports that many rows. */
  killAt: readonly number[];
}

/**
 * An import killed half way while searches run, and searches never see a half-imported
 * month, as a vitest suite per dialect. The built API answers force-wide and radius searches for
 * May 2024 in a loop while the import CLI (built), in its own process, replaces Kent's May 2024
 * with a bigger release: killed with SIGKILL part way through the file at each `killAt`, then
 * run again to the end. Every answer must hold either the old month or the whole new one.
 */
export function describeImportDuringSearch(options: ImportDuringSearchOptions): void {
  const { rows: bigRows } = options;
  describe.each(testDialects)('an import killed half way while searches run, on %s', (dialect) => {
    let db: TestDatabase;
    let dir: string;
    let api: ApiProcess;
    let lastOldId = 0;

    beforeAll(async () => {
      db = await createTestDatabase(dialect);
      dir = mkdtempSync(join(tmpdir(), 'crime-clock-import-fault-'));
      // The store holds an older, small release of Kent's May 2024, and April beside it.
      const rows = (n: number, month: string, seed: number) =>
        csvText(STREET_HEADER, streetRows(n, { month, forceName: 'Kent Police', seed, ...CENTRE }));
      writeFiles(join(dir, 'old'), {
        '2024-04/2024-04-kent-street.csv': rows(800, '2024-04', 1),
        '2024-05/2024-05-kent-street.csv': rows(OLD_ROWS, '2024-05', 2),
        'postcodes.csv': csvText(
          ['pcds', 'lat', 'long'],
          [['ME14 1AA', String(CENTRE.lat), String(CENTRE.lng)]],
        ),
      });
      await importSources(db.sequelize, [join(dir, 'old')], { derivedTables: storeDerivedTables });
      const [max] = await db.sequelize.query<{ id: number }>('SELECT MAX(id) AS id FROM crimes', {
        type: QueryTypes.SELECT,
      });
      lastOldId = Number(max!.id);
      await writeLargeStreetFile(join(dir, 'new', '2024-05', '2024-05-kent-street.csv'), bigRows, {
        month: '2024-05',
        forceName: 'Kent Police',
        seed: 3,
        ...CENTRE,
      });
      api = await startApiProcess({ DATABASE_URL: db.url });
    });

    afterAll(async () => {
      await api?.stop();
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('shows the old month or the whole new one, never a part', async () => {
      const client = apiClient(api.baseUrl);
      const before: Record<SearchName, string> = { force: '', radius: '' };
      for (const search of ['force', 'radius'] as const) {
        const res = await client.post('/api/crimes/search', SEARCHES[search]);
        expect(res.status).toBe(200);
        before[search] = countsOf(res.body as unknown as SearchAnswer);
      }
      expect(before.force).toMatch(new RegExp(`^${OLD_ROWS}\\|${OLD_ROWS}\\|`));

      // Killed part way through the big file while searches run: they only ever see the old month.
      for (const share of options.killAt) {
        const loop = searchLoop(api.baseUrl, () => lastOldId);
        const killed = await runImport(join(dir, 'new'), db.url, Math.round(bigRows * share));
        expect(killed.signal, killed.stderr).toBe('SIGKILL');
        expect(killed.rowsWhenKilled).toBeLessThan(bigRows);
        await pause(2_000); // MySQL rolls the killed transaction back meanwhile.
        await loop.stop();
        expect(loop.seen.filter((o) => o.status !== 200)).toEqual([]);
        expect(loop.seen.length).toBeGreaterThan(10);
        for (const o of loop.seen) {
          expect(
            o.counts,
            `${o.search} search during the import killed at ${killed.rowsWhenKilled} rows`,
          ).toBe(before[o.search]);
          expect(o.page).toBe('old');
        }
      }

      // Run again to the end, still while searches run: the old month, then the whole new one.
      const loop = searchLoop(api.baseUrl, () => lastOldId);
      const finished = await runImport(join(dir, 'new'), db.url);
      expect(finished.code, finished.stderr).toBe(0);
      await pause(1_000);
      await loop.stop();

      const after: Record<SearchName, string> = { force: '', radius: '' };
      for (const search of ['force', 'radius'] as const) {
        const res = await client.post('/api/crimes/search', SEARCHES[search]);
        after[search] = countsOf(res.body as unknown as SearchAnswer);
        expect(after[search]).not.toBe(before[search]);
      }
      expect(after.force).toMatch(new RegExp(`^${bigRows}\\|${bigRows}\\|`));
      const [stored] = await db.sequelize.query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202405",
        { type: QueryTypes.SELECT },
      );
      expect(Number(stored!.n)).toBe(bigRows);

      expect(loop.seen.filter((o) => o.status !== 200)).toEqual([]);
      const allowed = (o: Observation) => [before[o.search], after[o.search]].includes(o.counts);
      expect(loop.seen.filter((o) => !allowed(o))).toEqual([]);
      expect(loop.seen.filter((o) => o.page === 'both')).toEqual([]);
      // The loop saw the switch: the old month while the import ran, the new one at the end.
      expect(loop.seen.at(0)!.counts).toBe(before[loop.seen.at(0)!.search]);
      expect(loop.seen.at(-1)!.counts).toBe(after[loop.seen.at(-1)!.search]);
      expect(api.alive()).toBe(true);
    });
  });
}

export interface NewMonthDuringReadsOptions {
  /** Crimes of the new month's file (Kent only: one file, so one commit changes the area). */
  rows: number;
  /** Searches that must start and end while the import runs, on each dialect. */
  minSearches: number;
  /** Answers of each kind asked at once (the API answers many requests at once too). */
  parallel: number;
}

interface Timed<T> {
  started: number;
  ended: number;
  value: T;
}

/** Runs `read` in `parallel` loops, one after another in each, until stopped. */
function readLoop<T>(parallel: number, read: () => Promise<T>) {
  const seen: Timed<T>[] = [];
  let running = true;
  const loops = Array.from({ length: parallel }, async () => {
    while (running) {
      const started = performance.now();
      const value = await read();
      seen.push({ started, ended: performance.now(), value });
      // On SQLite an answer may be read wholly on this thread: let the loop see the import end.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return {
    seen,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** What a search answer says about how many crimes there are and which month its list starts in. */
function searchState(answer: SearchResponse): string {
  return `${countsOf(answer as unknown as SearchAnswer)}|${answer.data[0]?.month ?? 'none'}`;
}

/**
 * One snapshot per answer, as a vitest suite per dialect: the import CLI (built),
 * in its own process, imports a new month of Kent to its end while radius searches, exports and
 * maps of an area it changes are answered in loops by the API's own services over the API's own
 * database handle (in this process, so that thousands fit in the import). Every answer must be the
 * store before the import's commit or the store after it, never a mix: the default period's 12
 * months end in the latest month the store holds, so an answer whose statements straddle the
 * commit would count the new month in part.
 */
export function describeNewMonthDuringReads(options: NewMonthDuringReadsOptions): void {
  describe.each(testDialects)('a new month imported to its end while answers are read, on %s', (dialect) => {
    let db: TestDatabase;
    let dir: string;
    let api: ReturnType<typeof openDatabase>;
    const RADIUS: SearchRequestBody = { searchType: 'radius', postcode: 'ME14 1AA' };

    beforeAll(async () => {
      db = await createTestDatabase(dialect);
      dir = mkdtempSync(join(tmpdir(), 'crime-clock-new-month-'));
      const rows = (n: number, month: string, seed: number) =>
        csvText(STREET_HEADER, streetRows(n, { month, forceName: 'Kent Police', seed, ...CENTRE }));
      writeFiles(join(dir, 'old'), {
        '2024-04/2024-04-kent-street.csv': rows(800, '2024-04', 1),
        '2024-05/2024-05-kent-street.csv': rows(OLD_ROWS, '2024-05', 2),
        'postcodes.csv': csvText(
          ['pcds', 'lat', 'long'],
          [['ME14 1AA', String(CENTRE.lat), String(CENTRE.lng)]],
        ),
      });
      await importSources(db.sequelize, [join(dir, 'old')], { derivedTables: storeDerivedTables });
      // The API's handle, as the server opens it (its reader, its pool, its statement limit).
      api = openDatabase({ url: db.url, queryTimeoutMs: 10_000 });
    });

    afterAll(async () => {
      await api?.close();
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('answers every search, export and map from the store before the commit or after it, never a mix', async () => {
      const search = createSearchService({
        sequelize: api,
        postcodes: createPostcodeService({ sequelize: api }),
        policeClock: createPoliceClockService({ sequelize: api }),
        areaClocks: new Map(),
      });
      const maps = createMapService(search);
      const exports = createExportService(search, { batchRows: 50 });
      const exported = async () => {
        const file = await exports.exportSearch(RADIUS, 'csv');
        let text = '';
        for await (const chunk of file.body) text += String(chunk);
        // One line per crime after the header (no field of these files holds a line break).
        return `${file.total}|${text.trimEnd().split('\n').length - 1}`;
      };
      const mapped = async () => String((await maps.map(RADIUS)).mappedCrimes);
      const searched = async () => searchState(await search.search(RADIUS));

      // A month the store does not hold yet, so a retry imports another.
      const latest = (await search.availableDates()).dates[0]!.date;
      const month = formatMonth(addMonths(parseMonth(latest)!, 1));
      const source = join(dir, `new-${month}`);
      await writeLargeStreetFile(join(source, month, `${month}-kent-street.csv`), options.rows, {
        month,
        forceName: 'Kent Police',
        seed: 4,
        ...CENTRE,
      });
      const before = { search: await searched(), export: await exported(), map: await mapped() };
      expect(before.search.endsWith(`|${latest}`)).toBe(true);

      const loops = {
        search: readLoop(options.parallel, searched),
        export: readLoop(1, exported),
        map: readLoop(1, mapped),
      };
      const importStarted = performance.now();
      const run = await runImport(source, db.url);
      const importEnded = performance.now();
      await pause(200);
      for (const loop of Object.values(loops)) await loop.stop();
      expect(run.code, run.stderr).toBe(0);

      const after = { search: await searched(), export: await exported(), map: await mapped() };
      expect(after.search.endsWith(`|${month}`)).toBe(true);
      for (const kind of ['search', 'export', 'map'] as const) {
        expect(after[kind], kind).not.toBe(before[kind]);
        const seen = loops[kind].seen;
        const mixed = seen.filter((o) => o.value !== before[kind] && o.value !== after[kind]);
        expect(
          mixed.map((o) => o.value),
          `${kind}: answers of neither state`,
        ).toEqual([]);
        // The loop saw both states: the import's commit fell among its answers.
        expect(
          seen.some((o) => o.value === before[kind]) && seen.some((o) => o.value === after[kind]),
          kind,
        ).toBe(true);
        const during = seen.filter((o) => o.started >= importStarted && o.ended <= importEnded);
        expect(during.length, `${kind}s answered while the import ran`).toBeGreaterThan(
          kind === 'search' ? options.minSearches : 0,
        );
      }
      // Exports hold every crime their summary counts.
      for (const answer of [before.export, after.export])
        expect(answer.split('|')[0]).toBe(answer.split('|')[1]);
    }, 600_000);
  });
}
