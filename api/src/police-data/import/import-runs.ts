import { DataTypes, QueryTypes, type ModelStatic, type Model, type Sequelize } from 'sequelize';
import type { FileResult, ImportStatus } from './types.ts';

/** Status of a run whose process died (kill -9, power cut) before it could say how it ended. */
export const INTERRUPTED = 'interrupted';

const MODEL_NAME = 'ImportRun';

function importRuns(sequelize: Sequelize): ModelStatic<Model> {
  return (
    sequelize.models[MODEL_NAME] ??
    sequelize.define(
      MODEL_NAME,
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        source: DataTypes.STRING(1024),
        status: DataTypes.STRING(16),
        synthetic: DataTypes.BOOLEAN,
        started_at: DataTypes.DATE,
        finished_at: DataTypes.DATE,
        months: DataTypes.TEXT,
        forces: DataTypes.TEXT,
        files: DataTypes.INTEGER,
        rows_imported: DataTypes.INTEGER,
        rows_skipped: DataTypes.INTEGER,
        duration_ms: DataTypes.INTEGER,
        error: DataTypes.TEXT,
      },
      { tableName: 'imports', timestamps: false },
    )
  );
}

/**
 * Runs still marked running were left so by a process that died: called only by the holder of the
 * import lease (import-lease.ts), and every live import holds it.
 */
export async function markInterruptedRuns(sequelize: Sequelize): Promise<number> {
  const [count] = await importRuns(sequelize).update(
    { status: INTERRUPTED, error: 'The import process stopped before it finished.' },
    { where: { status: 'running' } },
  );
  return count;
}

export async function startRun(sequelize: Sequelize, source: string, synthetic: boolean): Promise<number> {
  const run = await importRuns(sequelize).create({
    source: source.slice(0, 1024),
    status: 'running',
    synthetic,
    started_at: new Date(),
    months: '[]',
    forces: '[]',
  });
  return run.get('id') as number;
}

/**
 * Files done and rows imported so far, written after each file of a running import, so that other
 * processes (the API's /metrics, the admin Imports card) see how far an import in the CLI has got.
 */
export async function recordProgress(
  sequelize: Sequelize,
  id: number,
  progress: { files: number; rows: number; skipped: number },
): Promise<void> {
  await importRuns(sequelize).update(
    { files: progress.files, rows_imported: progress.rows, rows_skipped: progress.skipped },
    { where: { id, status: 'running' } },
  );
}

export interface RunOutcome {
  status: ImportStatus;
  synthetic: boolean;
  /** yyyymm. */
  months: number[];
  forces: string[];
  files: number;
  rows: number;
  skipped: number;
  durationMs: number;
  error?: string;
}

/** `months` and `forces` are stored as JSON arrays (yyyymm numbers, force ids). */
export async function finishRun(sequelize: Sequelize, id: number, outcome: RunOutcome): Promise<void> {
  await importRuns(sequelize).update(
    {
      status: outcome.status,
      synthetic: outcome.synthetic,
      finished_at: new Date(),
      months: JSON.stringify(outcome.months),
      forces: JSON.stringify(outcome.forces),
      files: outcome.files,
      rows_imported: outcome.rows,
      rows_skipped: outcome.skipped,
      duration_ms: Math.round(outcome.durationMs),
      error: outcome.error ?? null,
    },
    { where: { id } },
  );
}

/** Notes what became of one file of a run (migration 0008). */
export async function recordFile(sequelize: Sequelize, importId: number, result: FileResult): Promise<void> {
  const status = result.stopped
    ? 'stopped'
    : result.error
      ? 'failed'
      : result.unchanged
        ? 'unchanged'
        : result.duplicate
          ? 'duplicate'
          : 'imported';
  await sequelize.query(
    `INSERT INTO import_files (import_id, path, kind, force_id, month, fingerprint, status, row_count, skipped_count, error)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    {
      replacements: [
        importId,
        result.file.slice(0, 1024),
        result.kind,
        result.forceId ?? null,
        result.month ?? null,
        result.fingerprint ?? null,
        status,
        result.rows,
        result.skipped,
        result.error ?? null,
      ],
    },
  );
}

/**
 * The import that brought in the force-month of this dataset the store holds now, when that was
 * a file with this very fingerprint; undefined when the store lacks it or holds other content.
 * Runs from before duplicates were left out may have imported two copies of one force-month: the
 * store holds the later one, so an earlier copy of the same run does not count.
 */
export async function importHoldingUnchanged(
  sequelize: Sequelize,
  file: { kind: string; forceId: string; month: number; fingerprint: string },
): Promise<number | undefined> {
  const rows = await sequelize.query<{ import_id: number }>(
    `SELECT d.import_id FROM dataset_months d
     JOIN import_files f ON f.import_id = d.import_id AND f.kind = d.dataset
       AND f.force_id = d.force_id AND f.month = d.month AND f.status = 'imported'
     WHERE d.force_id = ? AND d.month = ? AND d.dataset = ? AND f.fingerprint = ?
       AND NOT EXISTS (SELECT 1 FROM import_files later
         WHERE later.import_id = f.import_id AND later.kind = f.kind AND later.force_id = f.force_id
           AND later.month = f.month AND later.status = 'imported' AND later.id > f.id)`,
    {
      replacements: [file.forceId, file.month, file.kind, file.fingerprint],
      type: QueryTypes.SELECT,
    },
  );
  return rows[0] === undefined ? undefined : Number(rows[0].import_id);
}
