import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.runIf(process.platform !== 'win32')('a new SQLite store', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is created readable by its owner only, whoever opens it first (the importer too)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-sqlite-file-'));
    dirs.push(dir);
    const store = join(dir, 'nested', 'crime-clock.sqlite');
    const sequelize = openDatabase({ url: `sqlite:${store}` });
    try {
      await migrateToLatest(sequelize);
      for (const file of [store, `${store}-wal`, `${store}-shm`]) {
        expect(`${file}: ${modeOf(file)}`).toBe(`${file}: 600`);
      }
    } finally {
      await sequelize.close();
    }
  });
});
