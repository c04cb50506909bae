import type { FastifyBaseLogger } from 'fastify';
import type { Sequelize } from 'sequelize';
import type { CheckResult, LastCheck } from '../../../common/contracts/data-status.ts';
import type { CheckStarted as CheckStartedAnswer } from '../../../common/contracts/data-updates.ts';
import {
  holdsRealData,
  readDataUpdateState,
  readHeldMonths,
  writeDataUpdateState,
  type DataUpdateState,
} from '../db/data-update-checks.ts';
import type { DataUpdateAlert } from '../email/outbox.ts';
import type { ApiMetrics } from '../observability/metrics.ts';
import { keepLeaseAlive, type LeaseService } from '../police-data/import/import-lease.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';
import { STREET_DATASET } from '../search/coverage.ts';
import type { RunImport } from './import-process.ts';
import type { PoliceApiClient } from '../police-data/police-api/client.ts';
import { lastImportId, withdrawMonths } from '../police-data/import/withdraw-months.ts';

/** What a check can end in ('off' is no check). */
export type CheckResultName = Exclude<CheckResult, 'off'>;

/** Only one API node checks at a time: this lease, beside the import's own (import-lease.ts). */
export const CHECK_LEASE = 'data-update-check';
/** Failed checks in a row after which the admins get an email (once per run of failures). */
export const FAILURES_BEFORE_EMAIL = 3;
export const DEFAULT_INTERVAL_MINUTES = 1440;

export const OFF_MESSAGE = 'Scheduled updates are off; data changes when an operator imports it.';

export interface DataUpdaterOptions {
  sequelize: Sequelize;
  /** Its own lease (CHECK_LEASE): one node checks at a time. */
  checkLease: LeaseService;
  /** The import's lease (IMPORT_LEASE), taken while the check imports. */
  importLease: LeaseService;
  /** The process's one data.police.uk client (its rate limit), which reads crimes-street-dates. */
  policeApi: Pick<PoliceApiClient, 'publishedMonths'>;
  archiveUrl: string;
  /** DATA_UPDATE_INTERVAL_MINUTES: 0 off; undefined: the default, on only over real data. */
  intervalMinutes: number | undefined;
  runImport: RunImport;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The app's metrics (services.ts), which count this node's checks by result. */
  metrics: Pick<ApiMetrics, 'countDataUpdateCheck'>;
  /** Queues the admins' email (the outbox); omitted where no mail is set up. */
  alertAdmins?: (alert: DataUpdateAlert) => Promise<void>;
  now?: () => number;
  /** Delay of the first check after start (under 60 s). */
  firstCheckDelayMs?: number;
  /** How often a node looks whether a check is due (the state is shared by all nodes). */
  pollMs?: number;
}

/** The contract's answer less its message, which the route words. */
export type CheckStarted = Omit<CheckStartedAnswer, 'message'>;
export interface CheckRefused {
  started: false;
  reason: string;
}

export interface DataUpdater {
  /** Runs one check now, unless one or an import is under way; the check goes on in the background. */
  checkNow(): Promise<CheckStarted | CheckRefused>;
  /** Runs one check to its end (the scheduler's and the tests' way); undefined when it could not start. */
  runCheck(): Promise<DataUpdateState | undefined>;
  /** What data-status says of the checks. */
  status(): Promise<{ lastCheck: LastCheck; nextCheckAt: string | null }>;
  /** Whether scheduled checks run now (the setting, and on the default whether the data is real). */
  enabled(): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
}

/** "2024-03" as the store keeps it (202403). */
const yyyymm = (month: string) => Number(month.replace('-', ''));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const monthList = (months: string[]) => months.join(', ');

export function createDataUpdater(options: DataUpdaterOptions): DataUpdater {
  const { sequelize, log, metrics } = options;
  const now = options.now ?? Date.now;
  const intervalMs = (options.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES) * 60_000;
  const firstCheckDelayMs = options.firstCheckDelayMs ?? 20_000;
  const pollMs = options.pollMs ?? 30_000;
  const { checkLease, importLease } = options;
  const startedAt = now();
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let firstDone = false;
  const stopping = new AbortController();

  async function enabled(): Promise<boolean> {
    if (options.intervalMinutes === 0) return false;
    if (options.intervalMinutes !== undefined) return true;
    return holdsRealData(sequelize);
  }

  /** What one check finds and does; it throws nothing (a failure is its result). */
  async function check(): Promise<{ result: CheckResultName; message: string } | 'busy'> {
    const listed = await options.policeApi.publishedMonths();
    if (listed.source !== 'live') {
      return { result: 'failed', message: `data.police.uk could not be read: ${listed.reason}` };
    }
    const published = listed.data;
    const held = await readHeldMonths(sequelize, STREET_DATASET);
    const wanted = published.filter((month) => !held.has(yyyymm(month))).sort();
    if (wanted.length === 0) {
      return {
        result: 'up-to-date',
        message: `Every month data.police.uk lists is held (newest ${published[0]}).`,
      };
    }
    const before = await lastImportId(sequelize);
    const run = await options.runImport(options.archiveUrl, stopping.signal);
    if (run.status === 'busy') return 'busy';
    if (run.status === 'stopped') return { result: 'failed', message: await takeBack(wanted, before) };
    const nowHeld = await readHeldMonths(sequelize, STREET_DATASET);
    const imported = wanted.filter((month) => nowHeld.has(yyyymm(month)));
    const absent = wanted.filter((month) => !nowHeld.has(yyyymm(month)));
    if (run.status === 'failed') {
      return { result: 'failed', message: `The import of ${monthList(wanted)} failed: ${run.output}` };
    }
    if (run.status === 'partial') {
      return {
        result: 'partial',
        message: `Imported ${imported.length ? monthList(imported) : 'no new month'}; some files were not imported.`,
      };
    }
    if (imported.length === 0) {
      return {
        result: 'up-to-date',
        message: `data.police.uk lists ${monthList(wanted)}, but its archive does not hold it yet.`,
      };
    }
    const note = absent.length ? ` (the archive does not hold ${monthList(absent)} yet)` : '';
    return { result: 'imported', message: `Imported ${monthList(imported)}${note}.` };
  }

  /**
   * After a stopped import: what it wrote of the new months is taken back (under the import
   * lease, so no other import is in between), as a new month is shown whole or not at all.
   * Returns the check's message.
   */
  async function takeBack(wanted: string[], afterImportId: number): Promise<string> {
    const stopped = `The import of ${monthList(wanted)} was stopped${stopping.signal.aborted ? ' (the API was shutting down)' : ''}`;
    const taken = await importLease.acquire();
    if (!taken.acquired) return `${stopped}; another import began at once, so what it wrote stays.`;
    try {
      const withdrawn = await withdrawMonths(sequelize, {
        months: wanted.map(yyyymm),
        afterImportId,
        derivedTables: storeDerivedTables,
      });
      return withdrawn === 0
        ? `${stopped} before any of them was written; the next check imports them.`
        : `${stopped}; the ${withdrawn} force-month(s) it had written were taken out, and the next check imports the months whole.`;
    } finally {
      await importLease.release(taken.lease).catch(() => {});
    }
  }

  async function runCheck(): Promise<DataUpdateState | undefined> {
    const taken = await checkLease.acquire();
    if (!taken.acquired) return undefined;
    const keeper = keepLeaseAlive(checkLease, taken.lease, { intervalMs: 15_000, onLost: () => {} });
    try {
      const outcome = await check();
      const before = await readDataUpdateState(sequelize);
      const at = now();
      if (outcome === 'busy') {
        log.info('data update check: another import is running; checking again later');
        const state = { ...before, nextAt: at + Math.min(intervalMs, 15 * 60_000) };
        await writeDataUpdateState(sequelize, state);
        return state;
      }
      const failed = outcome.result === 'failed';
      const state: DataUpdateState = {
        checkedAt: at,
        result: outcome.result,
        message: outcome.message,
        failuresInRow: failed ? before.failuresInRow + 1 : 0,
        lastSuccessAt: failed ? before.lastSuccessAt : at,
        nextAt: at + intervalMs,
      };
      await writeDataUpdateState(sequelize, state);
      metrics.countDataUpdateCheck(outcome.result);
      // One line per check.
      if (failed)
        log.warn(
          { result: outcome.result, failuresInRow: state.failuresInRow },
          `data update check: ${outcome.message}`,
        );
      else log.info({ result: outcome.result }, `data update check: ${outcome.message}`);
      if (failed && state.failuresInRow === FAILURES_BEFORE_EMAIL && options.alertAdmins) {
        await options
          .alertAdmins({
            message:
              `The last ${FAILURES_BEFORE_EMAIL} scheduled checks for new police data failed. The latest said:\n` +
              `${outcome.message}\n\nLast check that did not fail: ${iso(state.lastSuccessAt) ?? 'none'}. ` +
              'The admin dashboard shows the checks and can start one.',
            timestamp: iso(at),
          })
          .catch((error: unknown) =>
            log.error({ err: error }, 'data update: the admins could not be emailed'),
          );
      }
      return state;
    } finally {
      await keeper.stop();
      await checkLease.release(taken.lease).catch(() => {});
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => {
      if (running === tracked) running = undefined;
    });
    running = tracked;
    return tracked;
  }

  async function due(): Promise<boolean> {
    if (running || !(await enabled())) return false;
    const state = await readDataUpdateState(sequelize);
    // A node's first check runs soon after it starts, unless another node has just checked.
    if (!firstDone) return state.checkedAt === null || now() - state.checkedAt > 60_000;
    return state.nextAt === null || state.nextAt <= now();
  }

  const tick = async () => {
    try {
      if (await due()) await track(runCheck());
    } catch (error) {
      log.warn({ err: error }, `data update check could not run: ${(error as Error).message}`);
    } finally {
      firstDone = true;
    }
  };

  return {
    enabled,
    runCheck: () => track(runCheck()),
    async checkNow() {
      if (running) return { started: false, reason: 'A check for new data is already running.' };
      const importer = await importLease.current();
      if (importer?.live) {
        return {
          started: false,
          reason: `An import is running (process ${importer.pid} on ${importer.host}); try again when it has finished.`,
        };
      }
      const checker = await checkLease.current();
      if (checker?.live) return { started: false, reason: 'Another API node is checking for new data now.' };
      void track(runCheck()).catch((error: unknown) =>
        log.warn({ err: error }, `data update check could not run: ${(error as Error).message}`),
      );
      return { started: true };
    },
    async status() {
      const state = await readDataUpdateState(sequelize);
      if (!(await enabled())) {
        return {
          lastCheck: { at: iso(state.checkedAt), result: 'off', message: OFF_MESSAGE },
          nextCheckAt: null,
        };
      }
      const nextAt = state.nextAt ?? startedAt + firstCheckDelayMs;
      if (state.checkedAt === null || state.result === null) {
        return {
          lastCheck: { at: null, result: 'off', message: 'Scheduled updates are on; no check has run yet.' },
          nextCheckAt: iso(nextAt),
        };
      }
      return {
        lastCheck: {
          at: iso(state.checkedAt),
          result: state.result as CheckResultName,
          message: state.message ?? '',
        },
        nextCheckAt: iso(nextAt),
      };
    },
    start() {
      if (timer || options.intervalMinutes === 0) return;
      const loop = (delay: number) => {
        timer = setTimeout(() => {
          void tick().then(() => {
            if (timer) loop(pollMs);
          });
        }, delay);
        timer.unref();
      };
      loop(firstCheckDelayMs);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      // A child import under way is stopped (SIGTERM), and given a few seconds to roll back.
      stopping.abort();
      const grace = new Promise((resolve) => setTimeout(resolve, 8000).unref());
      await Promise.race([running?.catch(() => {}), grace]);
    },
  };
}
