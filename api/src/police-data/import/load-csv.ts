import type { Readable } from 'node:stream';
import type { BulkValue, BulkWriter } from '../../db/bulk/index.ts';
import { BatchPipeline } from './batch-pipeline.ts';
import { readCsv, unstorableCharacter, type CsvEncoding } from './csv/read-csv.ts';
import type { RowMapper } from './datasets/index.ts';
import type { RowProblem } from './types.ts';

/** How one CSV file becomes rows of one table. */
export interface CsvLoad {
  table: string;
  columns: readonly string[];
  /** Rows replace existing rows with the same key; without it rows are plain inserts. */
  upsertKeys?: readonly string[];
  /**
   * Columns the rows may be written in (when the store offers a sorted inserter): those of the
   * table's busiest index that vary within one file, so that index fills in order.
   */
  insertOrder?: readonly string[];
  /**
   * Called with the file's first record. Most files start with a header; a few (Code-Point
   * Open) start straight with data, and then `firstIsData` says so.
   */
  bind(first: readonly string[]): { map: RowMapper; firstIsData: boolean };
}

export interface LoadCounts {
  rows: number;
  skipped: number;
  problems: RowProblem[];
}

export interface LoadOptions {
  rowsPerStatement: number;
  problemsPerFile: number;
  /** Cumulative counts and input bytes, after each chunk of the file. */
  onRows?: (counts: LoadCounts, bytes: number) => void;
  /** utf-8 by default; a file that is not throws NotUtf8Error (import-file.ts reads it again). */
  encoding?: CsvEncoding;
  /** Checked after each chunk: an abort stops the load with the signal's reason. */
  signal?: AbortSignal;
}

/** Streams a CSV file into a table through the writer of the file's transaction. */
export async function loadCsv(
  input: Readable,
  load: CsvLoad,
  writer: BulkWriter,
  options: LoadOptions,
): Promise<LoadCounts> {
  const counts: LoadCounts = { rows: 0, skipped: 0, problems: [] };
  const skip = (line: number, reason: string) => {
    counts.skipped++;
    if (counts.problems.length < options.problemsPerFile) counts.problems.push({ line, reason });
  };
  const { table, columns, upsertKeys, insertOrder } = load;
  const inserter = upsertKeys
    ? undefined
    : ((insertOrder ? writer.sortedInserter?.(table, columns, insertOrder) : undefined) ??
      writer.fileLoader?.(table, columns));
  const write = upsertKeys
    ? (values: BulkValue[]) => writer.upsert(table, columns, upsertKeys, values)
    : inserter
      ? (values: BulkValue[]) => inserter.add(values)
      : (values: BulkValue[]) => writer.insert(table, columns, values);
  const pipeline = new BatchPipeline(write, options.rowsPerStatement * columns.length);

  try {
    let map: RowMapper | undefined;
    let bytes = 0;
    for await (const chunk of readCsv(input, { encoding: options.encoding ?? 'utf-8' })) {
      options.signal?.throwIfAborted();
      for (const fault of chunk.faults) skip(fault.line, fault.reason);
      for (const record of chunk.records) {
        if (chunk.suspect) {
          const reason = unstorableCharacter(record.fields);
          if (reason !== undefined) {
            skip(record.line, reason);
            continue;
          }
        }
        if (!map) {
          const bound = load.bind(record.fields);
          map = bound.map;
          if (!bound.firstIsData) continue;
        }
        const reason = map(record.fields, pipeline.values);
        if (reason !== undefined) {
          skip(record.line, reason);
          continue;
        }
        counts.rows++;
        if (pipeline.full) await pipeline.flush();
      }
      bytes += chunk.bytes;
      options.onRows?.(counts, bytes);
    }
    if (!map) throw new Error('the file is empty');
    await pipeline.finish();
    await inserter?.finish();
  } catch (error) {
    await inserter?.abort?.();
    throw error;
  }
  return counts;
}
