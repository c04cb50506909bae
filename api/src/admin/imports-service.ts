import { QueryTypes, type Sequelize } from 'sequelize';
import type { FailedImportFile, ForceHoldings, ImportRecord } from '../../../common/contracts/admin.ts';
import { formatMonth } from '../../../common/search/months.ts';

/** What the police data store holds, for the admin Imports card: the import log and the force-months. */

interface ImportRow {
  id: number;
  source: string;
  status: string;
  synthetic: number | boolean;
  started_at: unknown;
  finished_at: unknown;
  months: string;
  forces: string;
  files: number;
  rows_imported: number;
  rows_skipped: number;
  duration_ms: number | null;
  error: string | null;
}

interface MonthRow {
  force_id: string;
  dataset: string;
  month: number;
  row_count: number;
  synthetic: number | boolean;
}

/** SQLite hands DATE columns back as text, MySQL as Date objects; the API answers ISO strings. */
function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** A stored month as the API writes it: 202506 → "2025-06"; strings are kept as they are. */
function monthText(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) && value > 100_000
    ? formatMonth(value)
    : String(value);
}

function listOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map(monthText) : [];
  } catch {
    return [];
  }
}

/** Failed files listed per import; the count says how many there were in all. */
const FAILED_FILES_LISTED = 20;

interface FailedFileRow {
  import_id: number;
  path: string;
  error: string | null;
}

export function createImportsService({ sequelize }: { sequelize: Sequelize }) {
  /** The files each of these imports could not bring in (import_files, migration 0008). */
  async function failedFilesOf(ids: number[]): Promise<Map<number, FailedImportFile[]>> {
    const byImport = new Map<number, FailedImportFile[]>();
    if (ids.length === 0) return byImport;
    const rows = await sequelize.query<FailedFileRow>(
      `SELECT import_id, path, error FROM import_files
       WHERE import_id IN (:ids) AND status = 'failed' ORDER BY import_id, id`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    for (const row of rows) {
      const id = Number(row.import_id);
      const list = byImport.get(id) ?? [];
      byImport.set(id, list);
      list.push({ file: row.path, error: row.error ?? 'not imported' });
    }
    return byImport;
  }

  async function recentImports(limit = 100): Promise<ImportRecord[]> {
    const rows = await sequelize.query<ImportRow>(
      `SELECT id, source, status, synthetic, started_at, finished_at, months, forces, files,
              rows_imported, rows_skipped, duration_ms, error
       FROM imports ORDER BY id DESC LIMIT ?`,
      { replacements: [limit], type: QueryTypes.SELECT },
    );
    const failed = await failedFilesOf(rows.map((row) => Number(row.id)));
    return rows.map((row) => ({
      id: Number(row.id),
      source: row.source,
      status: row.status,
      synthetic: Boolean(row.synthetic),
      startedAt: isoOf(row.started_at),
      finishedAt: isoOf(row.finished_at),
      months: listOf(row.months),
      forces: listOf(row.forces),
      files: Number(row.files),
      rowsImported: Number(row.rows_imported),
      rowsSkipped: Number(row.rows_skipped),
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      error: row.error,
      filesFailed: failed.get(Number(row.id))?.length ?? 0,
      failedFiles: (failed.get(Number(row.id)) ?? []).slice(0, FAILED_FILES_LISTED),
    }));
  }

  async function holdings(): Promise<ForceHoldings[]> {
    const rows = await sequelize.query<MonthRow>(
      'SELECT force_id, dataset, month, row_count, synthetic FROM dataset_months ORDER BY force_id, dataset, month',
      { type: QueryTypes.SELECT },
    );
    const byForce = new Map<string, Map<string, ForceHoldings['datasets'][number]>>();
    for (const row of rows) {
      const datasets = byForce.get(row.force_id) ?? new Map();
      byForce.set(row.force_id, datasets);
      const entry = datasets.get(row.dataset) ?? {
        dataset: row.dataset,
        months: [],
        rows: 0,
        synthetic: false,
      };
      datasets.set(row.dataset, entry);
      entry.months.push(monthText(Number(row.month)));
      entry.rows += Number(row.row_count);
      entry.synthetic ||= Boolean(row.synthetic);
    }
    return [...byForce].map(([forceId, datasets]) => ({ forceId, datasets: [...datasets.values()] }));
  }

  /** How many runs are recorded as running, the latest run, and when the latest completed one finished. */
  async function summary() {
    const select = { type: QueryTypes.SELECT } as const;
    const [running, last, completed] = await Promise.all([
      sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM imports WHERE status = 'running'`, select),
      recentImports(1),
      sequelize.query<{ at: unknown }>(
        `SELECT MAX(finished_at) AS at FROM imports WHERE status = 'completed'`,
        select,
      ),
    ]);
    return {
      running: Number(running[0]?.n ?? 0),
      lastImport: last[0],
      lastCompletedAt: completed[0]?.at,
    };
  }

  return { recentImports, holdings, summary };
}

export type ImportsService = ReturnType<typeof createImportsService>;
