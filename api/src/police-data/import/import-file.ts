import type { Readable } from 'node:stream';
import type { ImportContext } from './context.ts';
import { inFileTransaction } from './file-transaction.ts';
import { loadCsv, type CsvLoad, type LoadCounts } from './load-csv.ts';
import { importMonthFile } from './month-file.ts';
import type { ImportJob } from './plan.ts';
import { importNeighbourhoods } from './reference/neighbourhoods.ts';
import { populationLoad } from './reference/population.ts';
import { postcodesLoad } from './reference/postcodes.ts';
import type { FileResult } from './types.ts';

/** Imports one planned file; any failure is caught and becomes the result's `error`. */
export async function importFile(context: ImportContext, job: ImportJob): Promise<FileResult> {
  const started = performance.now();
  const result: FileResult = {
    file: job.entry.path,
    kind: job.kind,
    ...('forceId' in job ? { forceId: job.forceId, month: job.month } : {}),
    rows: 0,
    skipped: 0,
    problems: [],
    durationMs: 0,
  };
  let input: Readable | undefined;
  try {
    input = await job.entry.open();
    Object.assign(result, await load(context, job, input));
  } catch (cause) {
    result.error = cause instanceof Error ? cause.message : String(cause);
  } finally {
    input?.destroy();
  }
  result.durationMs = performance.now() - started;
  return result;
}

function load(context: ImportContext, job: ImportJob, input: Readable): Promise<LoadCounts> {
  switch (job.kind) {
    case 'street':
    case 'outcomes':
    case 'stop-and-search':
      return importMonthFile(context, job, input);
    case 'neighbourhoods':
      return importNeighbourhoods(context, input);
    case 'postcodes':
      return importReferenceCsv(context, postcodesLoad(context.synthetic), input);
    case 'population':
      return importReferenceCsv(context, populationLoad(), input);
  }
}

/** Reference tables are upserted: a file adds and updates rows, and never removes others. */
function importReferenceCsv(context: ImportContext, csvLoad: CsvLoad, input: Readable): Promise<LoadCounts> {
  return inFileTransaction(context, (_transaction, writer) =>
    loadCsv(input, csvLoad, writer, {
      rowsPerStatement: context.bulk.rowsPerStatement(csvLoad.columns.length),
      problemsPerFile: context.problemsPerFile,
      onRows: context.onRows,
    }),
  );
}
