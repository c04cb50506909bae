import type { Sequelize } from 'sequelize';
import { readRows } from './reads.ts';

/** What the store says about its police data's currency; months are yyyymm. */
export interface DataStatusRows {
  /** Force-months of `dataset` the store holds, with their row counts. */
  held: { forceId: string; month: number; rows: number; synthetic: boolean }[];
  /** Force-months whose file of `dataset` the latest finished import run failed on. */
  failed: { forceId: string; month: number }[];
  /** The newest of: a completed or partial run's end, a force-month's import stamp. */
  lastImportAt: Date | null;
}

interface Row {
  kind: 'held' | 'failed' | 'import';
  force_id: string | null;
  month: unknown;
  row_count: unknown;
  synthetic: unknown;
  at: unknown;
}

/**
 * One statement, so the three parts come from one state of the store on both dialects without
 * opening a snapshot (inSnapshot, reads.ts) for it; inside a caller's snapshot readRows reads that
 * one. A status never counts a force-month an import has half replaced. Its rows grow with forces
 * × months, yet stay few: 45 forces × 120 months are 5,400 rows, read in 12–19 ms on the loaded
 * 2-core machine through the store's reader (readRows) against 80 ms through Sequelize, whose
 * handling of each row runs on the event loop as well. "Latest run" is the newest that is not
 * still running, so an import under way does not hide the failures of the last one that finished.
 */
const STATUS_SQL = `
SELECT 'held' AS kind, force_id, month, row_count, synthetic, NULL AS at
  FROM dataset_months WHERE dataset = :dataset
UNION ALL
SELECT 'failed' AS kind, force_id, month, NULL AS row_count, NULL AS synthetic, NULL AS at
  FROM import_files
  WHERE kind = :dataset AND status = 'failed' AND force_id IS NOT NULL AND month IS NOT NULL
    AND import_id = (SELECT MAX(id) FROM imports WHERE status <> 'running')
UNION ALL
SELECT 'import' AS kind, NULL AS force_id, NULL AS month, NULL AS row_count, NULL AS synthetic, MAX(finished_at) AS at
  FROM imports WHERE status IN ('completed', 'partial')
UNION ALL
SELECT 'import' AS kind, NULL AS force_id, NULL AS month, NULL AS row_count, NULL AS synthetic, MAX(imported_at) AS at
  FROM dataset_months WHERE dataset = :dataset`;

/** SQLite hands DATE columns back as text, MySQL as Date objects. */
function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function readDataStatus(sequelize: Sequelize, dataset: string): Promise<DataStatusRows> {
  const rows = await readRows<Row>(sequelize, STATUS_SQL, { dataset });
  const status: DataStatusRows = { held: [], failed: [], lastImportAt: null };
  for (const row of rows) {
    if (row.kind === 'held') {
      status.held.push({
        forceId: row.force_id!,
        month: Number(row.month),
        rows: Number(row.row_count),
        synthetic: Number(row.synthetic) === 1,
      });
    } else if (row.kind === 'failed') {
      status.failed.push({ forceId: row.force_id!, month: Number(row.month) });
    } else {
      const at = dateOf(row.at);
      if (at && (!status.lastImportAt || at > status.lastImportAt)) status.lastImportAt = at;
    }
  }
  return status;
}

/**
 * What changes the status besides the held months (the clock data version's part): the newest
 * finished import run, whose failures and end the status shows. One row.
 */
export async function readImportRunsStamp(sequelize: Sequelize): Promise<string> {
  const [row] = await readRows<{ id: unknown; at: unknown }>(
    sequelize,
    `SELECT MAX(id) AS id, MAX(finished_at) AS at FROM imports WHERE status <> 'running'`,
  );
  return `${String(row?.id ?? '')}:${dateOf(row?.at)?.toISOString() ?? ''}`;
}
