import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ImportRecord } from '../../../common/contracts/admin.ts';
import type { CheckResult } from '../../../common/contracts/data-status.ts';
import { processMetricsRegistry } from '../../../server-common/observability/process-metrics.ts';

/**
 * The API node's Prometheus metrics, in a registry of its own (never prom-client's global one), so
 * one process can hold several apps, as the tests do. Request durations are observed as requests
 * end; the store's figures (outbox, imports) are read from the database when a scrape asks,
 * through readers the features hand in (services.ts wires them): metrics import no feature. The
 * data updater counts its checks here too (`countDataUpdateCheck`), handed these metrics.
 */

const OUTBOX_STATUSES = ['pending', 'failed', 'sent'] as const;
type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The email outbox's messages by status, and when the oldest one still waiting was stored. */
export interface OutboxBacklog {
  counts: Record<OutboxStatus, number>;
  oldestPendingAt: number | null;
}

/** The import runs recorded in the store. */
export interface ImportsSummary {
  running: number;
  lastImport: ImportRecord | undefined;
  /** When the latest completed run finished, as the database hands it back (Date or text). */
  lastCompletedAt: unknown;
}

export interface StoreReaders {
  outboxBacklog(): Promise<OutboxBacklog>;
  importsSummary(): Promise<ImportsSummary>;
  /** When the last check for new police data that did not fail ended (ms), on any node; null if none. */
  dataUpdateLastSuccessAt(): Promise<number | null>;
}

/** What a check for new police data can end in ('off' is no check). */
export type DataUpdateCheckResult = Exclude<CheckResult, 'off'>;
const DATA_UPDATE_RESULTS: readonly DataUpdateCheckResult[] = ['up-to-date', 'imported', 'partial', 'failed'];

export interface ApiMetricsOptions {
  store: StoreReaders;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  now?: () => number;
  /** How long a scrape waits for the database before it reports the store's figures as unknown. */
  databaseTimeoutMs?: number;
}

export interface RequestObservation {
  method: string;
  /** The route's pattern, e.g. `/api/forces/:forceId/people`; never the raw URL. */
  route: string;
  statusCode: number;
  durationSeconds: number;
}

export interface ApiMetrics {
  /** The process's default metrics and the API's own, as one registry to serve. */
  registry: Registry;
  observeRequest(observation: RequestObservation): void;
  /** Counts a check for new police data this node ran (the data updater's), by its result. */
  countDataUpdateCheck(result: DataUpdateCheckResult): void;
}

const IMPORT_STATUSES = ['running', 'completed', 'partial', 'failed', 'stopped', 'interrupted'] as const;

/** What the store says, read once per scrape for every gauge that needs it. */
interface StoreFacts {
  outbox: OutboxBacklog;
  importsRunning: number;
  lastImport: ImportRecord | undefined;
  lastSuccessAt: number | undefined;
}

export function createApiMetrics(options: ApiMetricsOptions): ApiMetrics {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const own = new Registry();
  const registers = [own];
  const storeFacts = sharedReading(
    () => readStoreFacts(store),
    options.databaseTimeoutMs ?? 2000,
    (error) => log.warn({ err: error }, 'metrics: the store could not be read; its figures are left out'),
    () => log.info({}, 'metrics: the store can be read again'),
  );

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending the last byte of its response, by route pattern.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  new Gauge({
    name: 'crime_clock_database_up',
    help: 'Whether the store answered the last scrape within its time limit (1) or not (0).',
    registers,
    async collect() {
      this.set((await storeFacts()) ? 1 : 0);
    },
  });

  new Gauge({
    name: 'crime_clock_outbox_messages',
    help: 'Contact and data-issue messages in the email outbox, by status (sent ones are kept 30 days).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const facts = await storeFacts();
      this.reset();
      if (facts) for (const status of OUTBOX_STATUSES) this.set({ status }, facts.outbox.counts[status]);
    },
  });

  const storeGauge = (name: string, help: string, value: (facts: StoreFacts) => number | undefined) =>
    new StoreGauge({
      name,
      help,
      registers,
      read: async () => {
        const facts = await storeFacts();
        return facts && value(facts);
      },
    });
  storeGauge(
    'crime_clock_outbox_oldest_pending_age_seconds',
    'Age of the oldest message still waiting to be sent; 0 when none waits.',
    ({ outbox }) =>
      outbox.oldestPendingAt === null ? 0 : Math.max(0, (now() - outbox.oldestPendingAt) / 1000),
  );
  storeGauge(
    'crime_clock_imports_running',
    'Police data imports recorded as running (by any process writing to this store).',
    (facts) => facts.importsRunning,
  );
  storeGauge(
    'crime_clock_import_last_rows_imported',
    'Rows imported by the latest import run: so far while it runs (updated after each file), in all once it ends.',
    ({ lastImport }) => lastImport?.rowsImported,
  );
  storeGauge(
    'crime_clock_import_last_rows_skipped',
    'Bad rows skipped by the latest import run (so far while it runs).',
    ({ lastImport }) => lastImport?.rowsSkipped,
  );
  storeGauge(
    'crime_clock_import_last_files',
    'Files imported by the latest import run (so far while it runs).',
    ({ lastImport }) => lastImport?.files,
  );
  storeGauge(
    'crime_clock_import_last_started_timestamp_seconds',
    'When the latest import run started (Unix time).',
    ({ lastImport }) => epochSeconds(lastImport?.startedAt),
  );
  storeGauge(
    'crime_clock_import_last_success_timestamp_seconds',
    'When the latest completed import run finished (Unix time).',
    (facts) => facts.lastSuccessAt,
  );

  new Gauge({
    name: 'crime_clock_import_last_status',
    help: 'Status of the latest import run: 1 for its status, 0 for the others.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const run = (await storeFacts())?.lastImport;
      this.reset();
      if (!run) return;
      for (const status of new Set<string>([...IMPORT_STATUSES, run.status])) {
        this.set({ status }, status === run.status ? 1 : 0);
      }
    },
  });

  const dataUpdateChecks = new Counter({
    name: 'crime_clock_data_update_checks_total',
    help: 'Scheduled and admin-started checks for new police data run by this API node, by result.',
    labelNames: ['result'] as const,
    registers,
  });
  for (const result of DATA_UPDATE_RESULTS) dataUpdateChecks.inc({ result }, 0);
  // Read apart from the other store figures, as the data updater's own gauge it was: 0 while no
  // check has succeeded or the store cannot be read.
  new Gauge({
    name: 'crime_clock_data_update_last_success_timestamp_seconds',
    help: 'When the last check for new police data that did not fail ended (Unix time; any node).',
    registers,
    async collect() {
      const lastSuccessAt = await store.dataUpdateLastSuccessAt().catch(() => null);
      this.reset();
      if (lastSuccessAt !== null) this.set(lastSuccessAt / 1000);
    },
  });

  return {
    registry: Registry.merge([processMetricsRegistry(), own]),
    observeRequest({ method, route, statusCode, durationSeconds }) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, durationSeconds);
    },
    countDataUpdateCheck(result) {
      dataUpdateChecks.inc({ result });
    },
  };
}

/**
 * A gauge read from the store when scraped, and left out of the scrape while its value is unknown
 * (the store cannot be read, or holds no such thing yet), where a plain gauge would say 0.
 */
class StoreGauge extends Gauge {
  private readonly read: () => Promise<number | undefined>;

  constructor(options: {
    name: string;
    help: string;
    registers: Registry[];
    read: () => Promise<number | undefined>;
  }) {
    super({ name: options.name, help: options.help, registers: options.registers });
    this.read = options.read;
  }

  override async get() {
    const value = await this.read();
    if (value === undefined) return { ...(await super.get()), values: [] };
    this.set(value);
    return super.get();
  }
}

async function readStoreFacts(store: StoreReaders): Promise<StoreFacts> {
  const [outbox, imports] = await Promise.all([store.outboxBacklog(), store.importsSummary()]);
  return {
    outbox,
    importsRunning: imports.running,
    lastImport: imports.lastImport,
    lastSuccessAt: epochSeconds(imports.lastCompletedAt),
  };
}

/** A DATE column as Unix seconds: MySQL hands back a Date, SQLite text. */
function epochSeconds(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const time = (value instanceof Date ? value : new Date(String(value))).getTime();
  return Number.isNaN(time) ? undefined : time / 1000;
}

/**
 * One read of the store shared by every gauge of a scrape (a scrape collects them all at once, so
 * they find the read in flight), with a time limit: a database that is down or slow leaves its
 * figures out and the scrape still answers with everything else. Says when reading starts or
 * stops failing, not at every scrape.
 */
function sharedReading<T>(
  read: () => Promise<T>,
  timeoutMs: number,
  onFailing: (error: unknown) => void,
  onRecovered: () => void,
): () => Promise<T | undefined> {
  let inFlight: Promise<T | undefined> | undefined;
  let failing = false;
  return () => {
    if (inFlight) return inFlight;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    inFlight = Promise.race([read(), timeout])
      .then(
        (value) => {
          if (failing) onRecovered();
          failing = false;
          return value;
        },
        (error: unknown) => {
          if (!failing) onFailing(error);
          failing = true;
          return undefined;
        },
      )
      .finally(() => {
        clearTimeout(timer);
        inFlight = undefined;
      });
    return inFlight;
  };
}
