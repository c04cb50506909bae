import { DataTypes, type ModelStatic, type Model, type Sequelize } from 'sequelize';
import type { ImportStatus } from './types.ts';

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
 * Runs still marked running were left so by a process that died; nothing else writes them, since
 * imports into one store run one at a time (SQLite has a single writer; the CLI and the start-up
 * sample import are not run together).
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
