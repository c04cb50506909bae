import type { Sequelize } from 'sequelize';
import { bulkFor } from '../../db/bulk/index.ts';
import type { ImportContext } from './context.ts';
import { importFile } from './import-file.ts';
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
 * Imports each source (a folder, a .zip, or an http(s) URL of a zip) into the police store and
 * records every run in `imports` and every file in `import_files`. Bad rows are counted and
 * skipped, a failing file is rolled back and reported (the run is then `partial` or `failed`), and
 * the remaining files are still imported: nothing here throws for bad data. A month file whose
 * content the store already holds from an earlier run is left alone, so running the same import
 * again brings in only what is missing or changed.
 */
export async function importSources(
  sequelize: Sequelize,
  sources: readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const interrupted = await markInterruptedRuns(sequelize);
  if (interrupted > 0) {
    options.log?.(`Marked ${interrupted} earlier import(s) that never finished as interrupted.`);
  }
  const summaries: SourceSummary[] = [];
  for (const source of sources) summaries.push(await importSource(sequelize, source, options));
  const files = summaries.flatMap((s) => s.files);
  return {
    sources: summaries,
    status: overallStatus(summaries.map((s) => s.status)),
    filesImported: files.filter((f) => !f.error && !f.unchanged).length,
    filesUnchanged: files.filter((f) => f.unchanged).length,
    filesFailed: files.filter((f) => f.error).length,
    rows: summaries.reduce((n, s) => n + s.rows, 0),
    skipped: summaries.reduce((n, s) => n + s.skipped, 0),
    durationMs: performance.now() - started,
  };
}

async function importSource(
  sequelize: Sequelize,
  source: string,
  options: ImportOptions,
): Promise<SourceSummary> {
  const started = performance.now();
  const emit = options.onProgress ?? (() => {});
  const log = options.log ?? (() => {});
  const importId = await startRun(sequelize, source, options.synthetic ?? false);
  const outcome: SourceOutcome = { synthetic: options.synthetic ?? false, files: [], offline: false };
  let opened: OpenedSource | undefined;
  try {
    opened = await openSource(source, (receivedBytes, totalBytes) =>
      emit({ type: 'download', source, receivedBytes, totalBytes }),
    );
    const plan = planImport(opened.entries);
    outcome.synthetic = options.synthetic ?? plan.synthetic;
    if (plan.ignored.length > 0) log(`${source}: left out ${describeIgnored(plan.ignored)}`);
    if (plan.jobs.length === 0) {
      outcome.error = 'no police data files found (expected e.g. YYYY-MM/YYYY-MM-<force>-street.csv)';
    }
    const context = {
      sequelize,
      bulk: bulkFor(sequelize),
      derivedTables: options.derivedTables ?? [],
      synthetic: outcome.synthetic,
      importId,
      problemsPerFile: options.problemsPerFile ?? 5,
    };
    await importPlan(source, plan, context, emit, outcome.files);
  } catch (cause) {
    outcome.error = cause instanceof Error ? cause.message : String(cause);
    outcome.offline = cause instanceof OfflineError;
    log(`${source}: ${outcome.error}`);
  } finally {
    await opened?.close();
  }
  const summary = summarise(source, importId, outcome, performance.now() - started);
  await finishRun(sequelize, importId, {
    ...summary,
    files: summary.files.filter((f) => !f.error && !f.unchanged).length,
    ...(summary.error === undefined ? {} : { error: summary.error }),
  });
  return summary;
}

interface SourceOutcome {
  synthetic: boolean;
  files: FileResult[];
  error?: string;
  offline: boolean;
}

/** Runs the plan's files one after the other, appending each result to `results` as it ends. */
async function importPlan(
  source: string,
  plan: ImportPlan,
  context: Omit<ImportContext, 'onRows'>,
  emit: (event: ImportProgress) => void,
  results: FileResult[],
): Promise<void> {
  const files = plan.jobs.length;
  emit({ type: 'source', source, files, totalBytes: plan.jobs.reduce((n, job) => n + job.entry.size, 0) });
  // A file's fingerprint (a folder's files are read whole for it) is taken while the file before
  // it is being written, when this thread would otherwise wait for the database: a national
  // month from a folder, 0.45 s of 9.5 (docs/benchmarks.md, issue 20). Which import holds its
  // content is asked only at its turn, after the file before it is recorded: two files of one
  // force-month may follow each other. fingerprintOf never rejects, so the promise may wait
  // unobserved.
  const fingerprintAhead = (job: ImportJob | undefined) => job && fingerprintOf(job);
  let next = fingerprintAhead(plan.jobs[0]);
  for (const [index, job] of plan.jobs.entries()) {
    const file = job.entry.path;
    emit({ type: 'file-start', source, file, index, files, bytes: job.entry.size });
    const fingerprinted = await next;
    next = fingerprintAhead(plan.jobs[index + 1]);
    const { fingerprint, holder } = await previousImport(context.sequelize, job, fingerprinted);
    const result =
      holder !== undefined && fingerprint !== undefined && 'forceId' in job
        ? unchangedResult(job, fingerprint, holder)
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
    results.push(result);
    await recordFile(context.sequelize, context.importId, result);
    const imported = results.filter((r) => !r.error && !r.unchanged);
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

function unchangedResult(
  job: Extract<ImportJob, { forceId: string }>,
  fingerprint: string,
  importId: number,
): FileResult {
  return {
    file: job.entry.path,
    kind: job.kind,
    forceId: job.forceId,
    month: job.month,
    rows: 0,
    skipped: 0,
    problems: [],
    fingerprint,
    unchanged: { importId },
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
  const notImported = outcome.files.length - imported.length;
  const problems = [
    ...(outcome.error === undefined ? [] : [outcome.error]),
    ...(notImported > 0 ? [`${notImported} of ${outcome.files.length} file(s) not imported`] : []),
  ];
  let status: ImportStatus = 'completed';
  if (problems.length > 0) status = imported.length > 0 ? 'partial' : 'failed';
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
 * The run's status over its sources: completed when every source completed, failed when every
 * one failed (nothing was imported), partial otherwise: a source that failed beside one that
 * brought its files in is part of the job undone, not the whole.
 */
export function overallStatus(statuses: readonly ImportStatus[]): ImportStatus {
  if (statuses.every((s) => s === 'completed')) return 'completed';
  if (statuses.every((s) => s === 'failed')) return 'failed';
  return 'partial';
}
