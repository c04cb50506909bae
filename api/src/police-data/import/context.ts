import type { Sequelize, Transaction } from 'sequelize';
import type { BulkDialect } from '../../db/bulk/index.ts';
import type { DerivedTable } from '../derived-tables.ts';
import type { LoadCounts } from './load-csv.ts';

/** What every file import of one source shares. */
export interface ImportContext {
  sequelize: Sequelize;
  bulk: BulkDialect;
  derivedTables: readonly DerivedTable[];
  synthetic: boolean;
  importId: number;
  problemsPerFile: number;
  onRows(counts: LoadCounts, bytes: number): void;
  /** Aborted when the import must stop: the file under way throws and is rolled back. */
  signal: AbortSignal;
  /** Told of each file transaction as it begins (and of its end, with undefined). */
  onTransaction?(transaction: Transaction | undefined): void;
}
