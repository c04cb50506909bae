import type { Readable } from 'node:stream';
import type { ImportContext } from './context.ts';
import { recordDatasetMonth } from './dataset-months.ts';
import { MONTH_DATASETS } from './datasets/index.ts';
import { inFileTransaction } from './file-transaction.ts';
import type { CsvEncoding } from './csv/read-csv.ts';
import { loadCsv, type LoadCounts } from './load-csv.ts';
import type { MonthDatasetKind } from './types.ts';
import { formatMonth } from '../../../../common/search/months.ts';

export interface MonthFileJob {
  kind: MonthDatasetKind;
  forceId: string;
  month: number;
}

/**
 * A file whose rows were mostly refused (more skipped than kept) is not taken as the force-month:
 * it is more likely the wrong month, a broken export or another format than a month of mostly
 * bad rows, and replacing the stored month with what is left would lose it. The file fails, and
 * the store keeps what it held. (Real files skip a handful of rows, if any.)
 */
export function mostlyRefused(counts: Pick<LoadCounts, 'rows' | 'skipped'>): boolean {
  return counts.skipped > counts.rows;
}

/**
 * Replaces one force-month of one dataset with the file's rows: delete, insert, refresh the
 * derived tables (street data), record the month, all in one transaction. Importing the same
 * file twice therefore leaves the same rows, never twice as many.
 */
export function importMonthFile(
  context: ImportContext,
  job: MonthFileJob,
  input: Readable,
  encoding: CsvEncoding,
): Promise<LoadCounts> {
  const dataset = MONTH_DATASETS[job.kind];
  const { sequelize } = context;
  const today = new Date();
  if (job.month > today.getUTCFullYear() * 100 + today.getUTCMonth() + 1) {
    // A month to come would become the clocks' latest month with data.
    return Promise.reject(
      new Error(`${formatMonth(job.month)} has not begun yet: a file for it cannot hold its crimes`),
    );
  }
  return inFileTransaction(context, async (transaction, writer) => {
    await sequelize.query(`DELETE FROM ${dataset.table} WHERE force_id = ? AND month = ?`, {
      replacements: [job.forceId, job.month],
      transaction,
    });
    const counts = await loadCsv(
      input,
      {
        table: dataset.table,
        columns: dataset.columns,
        insertOrder: dataset.insertOrder,
        bind: (header) => ({ map: dataset.bind(header, job), firstIsData: false }),
      },
      writer,
      {
        rowsPerStatement: context.bulk.rowsPerStatement(dataset.columns.length),
        problemsPerFile: context.problemsPerFile,
        onRows: context.onRows,
        encoding,
        signal: context.signal,
      },
    );
    if (mostlyRefused(counts)) {
      const first = counts.problems[0];
      throw new Error(
        `${counts.skipped.toLocaleString('en-GB')} of ${(counts.rows + counts.skipped).toLocaleString('en-GB')} rows ` +
          `were refused${first ? ` (the first: line ${first.line}, ${first.reason})` : ''}, so the file was not ` +
          'imported and the store keeps what it held for this force and month',
      );
    }
    if (job.kind === 'street') {
      for (const table of context.derivedTables) {
        await table.refresh(sequelize, transaction, job.forceId, job.month);
      }
    }
    await recordDatasetMonth(sequelize, transaction, {
      forceId: job.forceId,
      month: job.month,
      dataset: job.kind,
      rows: counts.rows,
      skipped: counts.skipped,
      synthetic: context.synthetic,
      importId: context.importId,
    });
    return counts;
  });
}
