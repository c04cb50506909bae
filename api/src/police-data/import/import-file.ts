import type { Readable } from 'node:stream';
import { asUnwritable } from '../../db/store-unwritable.ts';
import type { ImportContext } from './context.ts';
import { NotUtf8Error, type CsvEncoding } from './csv/read-csv.ts';
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
  try {
    try {
      Object.assign(result, await opened(job, (input) => load(context, job, input, 'utf-8')));
    } catch (cause) {
      if (!(cause instanceof NotUtf8Error)) throw cause;
      // Not UTF-8: the forces export from spreadsheets, which write Windows-1252. The UTF-8 attempt
      // was rolled back; the file is read again from its start. (Every byte is a cp1252 character,
      // so this reading cannot fail for the encoding, nor turn anything into U+FFFD.)
      Object.assign(result, await opened(job, (input) => load(context, job, input, 'windows-1252')));
      result.encoding = 'windows-1252';
    }
  } catch (cause) {
    // A store that takes no writes fails every file alike: the whole import stops (the caller says why).
    const unwritable = asUnwritable(cause);
    if (unwritable) throw unwritable;
    if (context.signal.aborted) result.stopped = true;
    result.error = cause instanceof Error ? cause.message : String(cause);
  }
  result.durationMs = performance.now() - started;
  return result;
}

async function opened<T>(job: ImportJob, work: (input: Readable) => Promise<T>): Promise<T> {
  const input = await job.entry.open();
  try {
    return await work(input);
  } finally {
    input.destroy();
  }
}

function load(
  context: ImportContext,
  job: ImportJob,
  input: Readable,
  encoding: CsvEncoding,
): Promise<LoadCounts> {
  switch (job.kind) {
    case 'street':
    case 'outcomes':
    case 'stop-and-search':
      return importMonthFile(context, job, input, encoding);
    case 'neighbourhoods':
      // GeoJSON is UTF-8 by definition (RFC 7946).
      return importNeighbourhoods(context, input);
    case 'postcodes':
      return importReferenceCsv(context, postcodesLoad(context.synthetic), input, encoding);
    case 'population':
      return importReferenceCsv(context, populationLoad(), input, encoding);
  }
}

/** Reference tables are upserted: a file adds and updates rows, and never removes others. */
function importReferenceCsv(
  context: ImportContext,
  csvLoad: CsvLoad,
  input: Readable,
  encoding: CsvEncoding,
): Promise<LoadCounts> {
  return inFileTransaction(context, (_transaction, writer) =>
    loadCsv(input, csvLoad, writer, {
      rowsPerStatement: context.bulk.rowsPerStatement(csvLoad.columns.length),
      problemsPerFile: context.problemsPerFile,
      onRows: context.onRows,
      encoding,
      signal: context.signal,
    }),
  );
}
