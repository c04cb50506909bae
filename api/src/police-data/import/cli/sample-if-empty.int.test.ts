import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/database.ts';
import { generateSample } from '../../../../../scripts/data-sample/generate.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');

/** Runs the step as `npm start` does: its launcher, in its own process. */
function runStep(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/data-sample/sample-if-empty.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

async function heldMonths(db: TestDatabase): Promise<{ n: number; synthetic: number }> {
  const [row] = await db.sequelize.query<{ n: number | string; synthetic: number | string | null }>(
    'SELECT COUNT(*) AS n, SUM(synthetic) AS synthetic FROM dataset_months',
    { type: QueryTypes.SELECT },
  );
  return { n: Number(row?.n ?? 0), synthetic: Number(row?.synthetic ?? 0) };
}

// SQLite only: the step's SQL is one COUNT, and the import under it is tested on both databases.
describe('the start sample step (npm start on an empty store)', () => {
  let dataDir: string;
  let db: TestDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crime-clock-sample-step-'));
    // A small sample where the step looks for one, so the test need not wait for the full start sample.
    await generateSample({ outDir: join(dataDir, 'sample'), months: 1, scale: 0.2 });
    db = await createTestDatabase('sqlite');
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does nothing with AUTO_SAMPLE=false', { timeout: 120_000 }, async () => {
    const run = await runStep({ DATABASE_URL: db.url, DATA_DIR: dataDir, AUTO_SAMPLE: 'false' });
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toMatch(/SYNTHETIC/);
    // The store may not even be migrated: no table, or an empty one.
    const [table] = await db.sequelize.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'dataset_months'",
      { type: QueryTypes.SELECT },
    );
    if (Number(table?.n) > 0) expect((await heldMonths(db)).n).toBe(0);
  });

  it(
    'imports the sample, marked synthetic, into an empty store; then leaves the store be',
    { timeout: 240_000 },
    async () => {
      const first = await runStep({ DATABASE_URL: db.url, DATA_DIR: dataDir, AUTO_SAMPLE: 'true' });
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/SYNTHETIC sample/);
      expect(first.output).toMatch(/Import completed/);
      const held = await heldMonths(db);
      expect(held.n).toBeGreaterThan(0);
      expect(held.synthetic).toBe(held.n);

      const second = await runStep({ DATABASE_URL: db.url, DATA_DIR: dataDir, AUTO_SAMPLE: 'true' });
      expect(second.code, second.output).toBe(0);
      expect(second.output).not.toMatch(/SYNTHETIC|Import/);
      expect(await heldMonths(db)).toEqual(held);
    },
  );
});
