import type { Sequelize } from 'sequelize';
import { bulkFor } from '../../db/bulk/index.ts';
import type { ImportContext } from './context.ts';
import { importFile } from './import-file.ts';
import { finishRun, markInterruptedRuns, recordProgress, startRun } from './import-runs.ts';
import { planImport, type ImportPlan } from './plan.ts';
import { OfflineError, openSource, type OpenedSource } from './sources/open-source.ts';
import type { FileResult, ImportOptions, ImportProgress, ImportSummary, SourceSummary } from './types.ts';

/**
 * Imports each source (a folder, a .zip, or an http(s) URL of a zip) into the police store and
 * records every run in `imports`. Bad rows are counted and skipped, a failing file is rolled back
 * and reported, and the remaining files are still imported: nothing here throws for bad data.
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
    filesImported: files.filter((f) => !f.error).length,
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
  await finishRun(sequelize, importId, { ...summary, files: summary.files.filter((f) => !f.error).length });
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
  for (const [index, job] of plan.jobs.entries()) {
    const file = job.entry.path;
    emit({ type: 'file-start', source, file, index, files, bytes: job.entry.size });
    const result = await importFile(
      {
        ...context,
        onRows: (counts, bytes) =>
          emit({ type: 'file-rows', source, file, rows: counts.rows, skipped: counts.skipped, bytes }),
      },
      job,
    );
    results.push(result);
    const imported = results.filter((r) => !r.error);
    await recordProgress(context.sequelize, context.importId, {
      files: imported.length,
      rows: imported.reduce((n, r) => n + r.rows, 0),
      skipped: imported.reduce((n, r) => n + r.skipped, 0),
    });
    emit({ type: 'file-done', source, result });
  }
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
  const failed = outcome.error !== undefined || (outcome.files.length > 0 && imported.length === 0);
  return {
    source,
    importId,
    status: failed ? 'failed' : 'completed',
    synthetic: outcome.synthetic,
    files: outcome.files,
    rows: imported.reduce((n, f) => n + f.rows, 0),
    skipped: imported.reduce((n, f) => n + f.skipped, 0),
    months: [...new Set(imported.flatMap((f) => (f.month === undefined ? [] : [f.month])))].sort(
      (a, b) => a - b,
    ),
    forces: [...new Set(imported.flatMap((f) => (f.forceId === undefined ? [] : [f.forceId])))].sort(),
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    offline: outcome.offline,
    durationMs,
  };
}
