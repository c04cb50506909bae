import type { Sequelize, Transaction } from 'sequelize';
import { bulkFor, type BulkDialect } from '../../db/bulk/index.ts';
import { asUnwritable, type StoreUnwritableError } from '../../db/store-unwritable.ts';
import type { ImportContext } from './context.ts';
import { importFile } from './import-file.ts';
import { keepLeaseAlive, LeaseHeldError, type LeaseService } from './import-lease.ts';
import {
  finishRun,
  importHoldingUnchanged,
  markInterruptedRuns,
  recordFile,
  recordProgress,
  startRun,
} from './import-runs.ts';
import { planImport, type ImportJob, type ImportPlan } from './plan.ts';
import { OfflineError, openSource, type OpenedSource } from './sources/open-source.ts';
import type {
  FileResult,
  ImportOptions,
  ImportProgress,
  ImportStatus,
  ImportSummary,
  SourceSummary,
} from './types.ts';

/**
 * Imports each source (a folder, a .zip, or an http(s) URL of a zip) into the police store, under
 * `leases`, the import's lease (IMPORT_LEASE), which the importer's root builds (cli/compose-import.ts), and
 * records every run in `imports` and every file in `import_files`. Bad rows are counted and
 * skipped, a failing file is rolled back and reported (the run is then `partial` or `failed`), and
 * the remaining files are still imported: nothing here throws for bad data. A month file whose
 * content the store already holds from an earlier run is left alone, so running the same import
 * again brings in only what is missing or changed.
 */
export async function importWithLease(
  sequelize: Sequelize,
  leases: LeaseService,
  sources: readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  try {
    return await importHoldingLease(sequelize, leases, sources, options);
  } catch (error) {
    throw asUnwritable(error) ?? error;
  }
}

/**
 * One import into a store at a time: the import lease is taken first (LeaseHeldError names who
 * holds it, and that import is left alone) and renewed by a heartbeat until the end. Runs still
 * marked running were therefore left so by a process that died.
 */
async function importHoldingLease(
  sequelize: Sequelize,
  leases: LeaseService,
  sources: readonly string[],
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const taken = await leases.acquire();
  if (!taken.acquired) throw new LeaseHeldError(taken.holder, 'import');
  const stop = new AbortController();
  const onStop = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onStop();
  options.signal?.addEventListener('abort', onStop, { once: true });
  const bulk = bulkFor(sequelize);
  let transaction: Transaction | undefined;
  // Renewed four times in a lease's life: a missed heartbeat or two does not lose it.
  const ttlMs = taken.lease.expiresAt.getTime() - taken.lease.acquiredAt.getTime();
  const keeper = keepLeaseAlive(leases, taken.lease, {
    intervalMs: ttlMs / 4,
    transaction: () => (bulk.oneWriter ? transaction : undefined),
    onLost: () =>
      stop.abort(
        new Error('its lease was taken over by another import (this process had not renewed it in time)'),
      ),
  });
  try {
    if (taken.tookOverFrom) {
      const { pid, host } = taken.tookOverFrom;
      options.log?.(
        `Took over the import lease of process ${pid} on ${host}, which had stopped renewing it.`,
      );
    }
    const interrupted = await markInterruptedRuns(sequelize);
    if (interrupted > 0) {
      options.log?.(`Marked ${interrupted} earlier import(s) that never finished as interrupted.`);
    }
    const shared: RunShared = {
      signal: stop.signal,
      bulk,
      onTransaction: (t) => (transaction = t),
      renewLease: () => keeper.renewNow(),
    };
    const summaries: SourceSummary[] = [];
    for (const source of sources) {
      if (stop.signal.aborted) break;
      summaries.push(await importSource(sequelize, source, options, shared));
    }
    const files = summaries.flatMap((s) => s.files);
    return {
      sources: summaries,
      status: overallStatus(summaries.map((s) => s.status)),
      filesImported: files.filter((f) => !f.error && !f.unchanged && !f.duplicate).length,
      filesUnchanged: files.filter((f) => f.unchanged).length,
      filesDuplicate: files.filter((f) => f.duplicate).length,
      filesFailed: files.filter((f) => f.error && !f.stopped).length,
      rows: summaries.reduce((n, s) => n + s.rows, 0),
      skipped: summaries.reduce((n, s) => n + s.skipped, 0),
      durationMs: performance.now() - started,
    };
  } finally {
    options.signal?.removeEventListener('abort', onStop);
    await keeper.stop();
    await leases.release(taken.lease).catch(() => {});
  }
}

/** What every source of one run shares. */
interface RunShared {
  signal: AbortSignal;
  bulk: BulkDialect;
  onTransaction(transaction: Transaction | undefined): void;
  renewLease(): Promise<void>;
}

async function importSource(
  sequelize: Sequelize,
  source: string,
  options: ImportOptions,
  shared: RunShared,
): Promise<SourceSummary> {
  const started = performance.now();
  const emit = options.onProgress ?? (() => {});
  const log = options.log ?? (() => {});
  const importId = await startRun(sequelize, source, options.synthetic ?? false);
  const outcome: SourceOutcome = { synthetic: options.synthetic ?? false, files: [], offline: false };
  let opened: OpenedSource | undefined;
  let unwritable: StoreUnwritableError | undefined;
  try {
    opened = await openSource(
      source,
      (receivedBytes, totalBytes) => emit({ type: 'download', source, receivedBytes, totalBytes }),
      shared.signal,
    );
    const plan = planImport(opened.entries);
    outcome.synthetic = options.synthetic ?? plan.synthetic;
    if (plan.ignored.length > 0) log(`${source}: left out ${describeIgnored(plan.ignored)}`);
    if (plan.jobs.length === 0) {
      outcome.error = 'no police data files found (expected e.g. YYYY-MM/YYYY-MM-<force>-street.csv)';
    }
    const context = {
      sequelize,
      bulk: shared.bulk,
      derivedTables: options.derivedTables ?? [],
      synthetic: outcome.synthetic,
      importId,
      problemsPerFile: options.problemsPerFile ?? 5,
      signal: shared.signal,
      onTransaction: shared.onTransaction,
    };
    await importPlan(source, plan, context, emit, outcome.files, shared.renewLease);
  } catch (cause) {
    unwritable = asUnwritable(cause);
    outcome.error = cause instanceof Error ? cause.message : String(cause);
    outcome.offline = cause instanceof OfflineError;
    log(`${source}: ${outcome.error}`);
  } finally {
    await opened?.close();
  }
  if (shared.signal.aborted) outcome.stopped = stopReason(shared.signal);
  const summary = summarise(source, importId, outcome, performance.now() - started);
  const finishing = finishRun(sequelize, importId, {
    ...summary,
    files: summary.files.filter((f) => !f.error && !f.unchanged && !f.duplicate).length,
    ...(summary.error === undefined ? {} : { error: summary.error }),
  });
  if (unwritable) {
    // The run's row may not take the outcome either; the caller reports the store's state.
    await finishing.catch(() => {});
    throw unwritable;
  }
  await finishing;
  return summary;
}

/** What the stop signal was given as its reason, in words. */
function stopReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return typeof reason === 'string' ? reason : 'stopped on request';
}

interface SourceOutcome {
  synthetic: boolean;
  files: FileResult[];
  error?: string;
  offline: boolean;
  /** Why the run was stopped before its end. */
  stopped?: string;
}

/** Runs the plan's files one after the other, appending each result to `results` as it ends. */
async function importPlan(
  source: string,
  plan: ImportPlan,
  context: Omit<ImportContext, 'onRows'>,
  emit: (event: ImportProgress) => void,
  results: FileResult[],
  renewLease: () => Promise<void>,
): Promise<void> {
  const files = plan.jobs.length;
  emit({ type: 'source', source, files, totalBytes: plan.jobs.reduce((n, job) => n + job.entry.size, 0) });
  // A file's fingerprint (a folder's files are read whole for it) is taken while the file before
  // it is being written, when this thread would otherwise wait for the database: a national
  // month from a folder, 0.45 s of 9.5 (docs/benchmarks.md). Which import holds its
  // content is asked only at its turn, after the file before it is recorded: two files of one
  // force-month may follow each other. fingerprintOf never rejects, so the promise may wait
  // unobserved.
  const fingerprintAhead = (job: ImportJob | undefined) => job && fingerprintOf(job);
  let next = fingerprintAhead(plan.jobs[0]);
  // The file that brought each force-month of each dataset in this run: a second copy is left out.
  const firstCopies = new Map<string, { file: string; fingerprint: string | undefined }>();
  for (const [index, job] of plan.jobs.entries()) {
    if (context.signal.aborted) break;
    const file = job.entry.path;
    emit({ type: 'file-start', source, file, index, files, bytes: job.entry.size });
    const fingerprinted = await next;
    next = fingerprintAhead(plan.jobs[index + 1]);
    const key = 'forceId' in job ? `${job.kind}/${job.forceId}/${job.month}` : undefined;
    const first = key === undefined ? undefined : firstCopies.get(key);
    const { fingerprint, holder } = first
      ? { fingerprint: fingerprinted, holder: undefined }
      : await previousImport(context.sequelize, job, fingerprinted);
    const result: FileResult =
      first && 'forceId' in job
        ? notImportedResult(job, fingerprinted, {
            duplicate: {
              of: first.file,
              sameContent: fingerprinted !== undefined && fingerprinted === first.fingerprint,
            },
          })
        : holder !== undefined && fingerprint !== undefined && 'forceId' in job
          ? notImportedResult(job, fingerprint, { unchanged: { importId: holder } })
          : {
              ...(await importFile(
                {
                  ...context,
                  onRows: (counts, bytes) =>
                    emit({
                      type: 'file-rows',
                      source,
                      file,
                      rows: counts.rows,
                      skipped: counts.skipped,
                      bytes,
                    }),
                },
                job,
              )),
              ...(fingerprint === undefined ? {} : { fingerprint }),
            };
    if (key !== undefined && !first && !result.error) firstCopies.set(key, { file, fingerprint });
    results.push(result);
    await recordFile(context.sequelize, context.importId, result);
    // After a long file, at once: on SQLite the renewals made inside its transaction became
    // visible only with its commit, and none at all if it was rolled back.
    await renewLease();
    const imported = results.filter((r) => !r.error && !r.unchanged && !r.duplicate);
    await recordProgress(context.sequelize, context.importId, {
      files: imported.length,
      rows: imported.reduce((n, r) => n + r.rows, 0),
      skipped: imported.reduce((n, r) => n + r.skipped, 0),
    });
    emit({ type: 'file-done', source, result });
  }
}

/**
 * The import that brought in the content the store holds for a month file's force-month, when
 * that content is this file's (by its fingerprint). Other files (reference data, which is
 * upserted and cheap to apply again) get none. A file that could not be read for its fingerprint
 * is imported anyway, and that import reports what is wrong with it.
 */
async function previousImport(
  sequelize: Sequelize,
  job: ImportJob,
  fingerprint: string | undefined,
): Promise<{ fingerprint?: string; holder?: number }> {
  if (!('forceId' in job) || fingerprint === undefined) return {};
  const holder = await importHoldingUnchanged(sequelize, { ...job, fingerprint });
  return holder === undefined ? { fingerprint } : { fingerprint, holder };
}

/** A month file's fingerprint; none for other files, or for one that cannot be read for it. */
async function fingerprintOf(job: ImportJob): Promise<string | undefined> {
  if (!('forceId' in job)) return undefined;
  return job.entry.fingerprint().catch(() => undefined);
}

/**
 * The result of a month file that is not imported: the store holds its content already
 * (`unchanged`), or an earlier file of this run brought its force-month (`duplicate`).
 */
function notImportedResult(
  job: Extract<ImportJob, { forceId: string }>,
  fingerprint: string | undefined,
  why: Pick<FileResult, 'unchanged'> | Pick<FileResult, 'duplicate'>,
): FileResult {
  return {
    file: job.entry.path,
    kind: job.kind,
    forceId: job.forceId,
    month: job.month,
    rows: 0,
    skipped: 0,
    problems: [],
    ...(fingerprint === undefined ? {} : { fingerprint }),
    ...why,
    durationMs: 0,
  };
}

function describeIgnored(paths: readonly string[]): string {
  const some = paths.slice(0, 3).join(', ');
  return `${paths.length} file(s) that are not police data (${some}${paths.length > 3 ? ', ...' : ''})`;
}

function summarise(
  source: string,
  importId: number,
  outcome: SourceOutcome,
  durationMs: number,
): SourceSummary {
  const imported = outcome.files.filter((f) => !f.error);
  const notImported = outcome.files.filter((f) => f.error && !f.stopped).length;
  const during = outcome.files.find((f) => f.stopped)?.file;
  const problems = [
    ...(outcome.stopped === undefined
      ? []
      : [
          `stopped (${outcome.stopped})${during ? ` during ${during}, which was rolled back` : ''}; ` +
            `${imported.length} file(s) before it are in the store. Run the same command again to finish`,
        ]),
    ...(outcome.error === undefined || outcome.stopped !== undefined ? [] : [outcome.error]),
    ...(notImported > 0 ? [`${notImported} of ${outcome.files.length} file(s) not imported`] : []),
  ];
  let status: ImportStatus = 'completed';
  if (outcome.stopped !== undefined) status = 'stopped';
  else if (problems.length > 0) status = imported.length > 0 ? 'partial' : 'failed';
  return {
    source,
    importId,
    status,
    synthetic: outcome.synthetic,
    files: outcome.files,
    rows: imported.reduce((n, f) => n + f.rows, 0),
    skipped: imported.reduce((n, f) => n + f.skipped, 0),
    months: [...new Set(imported.flatMap((f) => (f.month === undefined ? [] : [f.month])))].sort(
      (a, b) => a - b,
    ),
    forces: [...new Set(imported.flatMap((f) => (f.forceId === undefined ? [] : [f.forceId])))].sort(),
    ...(problems.length === 0 ? {} : { error: problems.join('; ') }),
    offline: outcome.offline,
    durationMs,
  };
}

/**
 * The run's status over its sources: stopped when it was stopped (the sources after it were not
 * begun), completed when every source completed, failed when every
 * one failed (nothing was imported), partial otherwise: a source that failed beside one that
 * brought its files in is part of the job undone, not the whole.
 */
export function overallStatus(statuses: readonly ImportStatus[]): ImportStatus {
  if (statuses.includes('stopped')) return 'stopped';
  if (statuses.every((s) => s === 'completed')) return 'completed';
  if (statuses.every((s) => s === 'failed')) return 'failed';
  return 'partial';
}
