import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { formatMonth } from '../../../common/search/months.ts';
import type { LeaseService } from '../police-data/import/import-lease.ts';
import { STREET_DATASET } from '../search/coverage.ts';

/**
 * Tells whoever cares that a month of police data arrived, whoever imported it (the scheduled
 * updater, a typed `npm run import`, another machine): on each change of the data version, and
 * every `intervalMs` besides, it compares the months the store holds with `notified_months` and
 * announces each month not yet announced, oldest first, to its consumers (the area alerts' mailer,
 * partner webhooks).
 *
 * Exactly once: only the holder of the `month-notices` lease announces (one API node of many), and
 * a month's row in `notified_months` is written in the same transaction as the consumers' writes
 * (outbox mails), so a crash leaves either both or neither. Not while an import runs (the import
 * lease is held): a month half imported would be announced with half its figures. On the first
 * run of a store (no row at all) the months it already holds are recorded without a word: nobody
 * subscribed to them arriving.
 */

export interface MonthNotice {
  /** YYYY-MM. */
  month: string;
  /** The clock data version the month was seen under. */
  dataVersion: string;
}

/**
 * Does its reads for the notice, then hands back the writes that must commit with the month's
 * record (or nothing, for a consumer that queues in a store of its own, at least once).
 */
export type MonthNoticeConsumer = (
  notice: MonthNotice,
) => Promise<((transaction: Transaction) => Promise<void>) | void>;

export interface DispatcherLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MonthNoticesOptions {
  sequelize: Sequelize;
  /** Its own lease (MONTH_NOTICES_LEASE): one node announces at a time. */
  lease: LeaseService;
  /** The import's lease (IMPORT_LEASE): no announcing while an import runs. */
  importLease: LeaseService;
  /** The clock data version (clocks/data-version.ts). */
  dataVersion: () => Promise<string>;
  consumers: readonly MonthNoticeConsumer[];
  /** Work to do on every run, announcing or not (the alerts' sweep of expired requests). */
  housekeeping?: () => Promise<void>;
  /** How often the version is read; a change runs the check at once. */
  pollMs?: number;
  /** A full check at least this often, changed version or not (a run that failed, a lease that was held). */
  intervalMs?: number;
  now?: () => number;
  log?: DispatcherLog;
}

export const MONTH_NOTICES_LEASE = 'month-notices';
const silent: DispatcherLog = { info() {}, warn() {}, error() {} };

export function createMonthNoticesDispatcher(options: MonthNoticesOptions) {
  const { sequelize, consumers, lease, importLease, pollMs = 5_000, intervalMs = 5 * 60_000 } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? silent;

  async function heldMonths(): Promise<number[]> {
    const rows = await sequelize.query<{ month: unknown }>(
      'SELECT DISTINCT month FROM dataset_months WHERE dataset = ? ORDER BY month',
      { replacements: [STREET_DATASET], type: QueryTypes.SELECT },
    );
    return rows.map((r) => Number(r.month));
  }

  async function notifiedMonths(): Promise<Set<number>> {
    const rows = await sequelize.query<{ month: unknown }>('SELECT month FROM notified_months', {
      type: QueryTypes.SELECT,
    });
    return new Set(rows.map((r) => Number(r.month)));
  }

  async function record(month: number, version: string, transaction?: Transaction) {
    await sequelize.query('INSERT INTO notified_months (month, data_version, notified_at) VALUES (?, ?, ?)', {
      replacements: [month, version, now()],
      ...(transaction ? { transaction } : {}),
    });
  }

  /** One month: the consumers' reads, then their writes and the month's record in one transaction. */
  async function announce(month: number, dataVersion: string): Promise<void> {
    const notice = { month: formatMonth(month), dataVersion };
    const writes: ((transaction: Transaction) => Promise<void>)[] = [];
    for (const consumer of consumers) {
      const write = await consumer(notice);
      if (write) writes.push(write);
    }
    await sequelize.transaction(async (transaction) => {
      await record(month, dataVersion, transaction);
      for (const write of writes) await write(transaction);
    });
    log.info({ month: notice.month }, 'new month of police data announced');
  }

  /**
   * One check. Returns the months announced (none when another node holds the lease, an import
   * runs, or nothing is new).
   */
  async function runOnce(): Promise<string[]> {
    await options.housekeeping?.();
    if ((await importLease.current())?.live) return [];
    const taken = await lease.acquire();
    if (!taken.acquired) return [];
    try {
      const dataVersion = await options.dataVersion();
      const held = await heldMonths();
      const notified = await notifiedMonths();
      if (notified.size === 0) {
        // A new store (or one from before this feature): what it holds is not news.
        if (held.length > 0)
          await sequelize.transaction(async (transaction) => {
            for (const month of held) await record(month, dataVersion, transaction);
          });
        return [];
      }
      const announced: string[] = [];
      for (const month of held.filter((m) => !notified.has(m))) {
        try {
          await announce(month, dataVersion);
          announced.push(formatMonth(month));
        } catch (error) {
          // Another node recorded it first (its lease ran out under it): already announced.
          if (error instanceof UniqueConstraintError) continue;
          throw error;
        }
      }
      return announced;
    } finally {
      await lease.release(taken.lease);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let seenVersion: string | undefined;
  let lastRun = -Infinity;
  let current: Promise<void> = Promise.resolve();

  async function tick() {
    const version = await options.dataVersion();
    if (version !== seenVersion || now() - lastRun >= intervalMs) {
      lastRun = now();
      await runOnce();
      seenVersion = version;
    }
  }

  const loop = async () => {
    current = tick().catch((error: unknown) => log.error({ err: error }, 'month notices check failed'));
    await current;
    if (running) {
      timer = setTimeout(() => void loop(), pollMs);
      timer.unref();
    }
  };

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    /** Stops checking; resolves once a check under way has ended, so the store can be closed. */
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}

export type MonthNoticesDispatcher = ReturnType<typeof createMonthNoticesDispatcher>;
