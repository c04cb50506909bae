/**
 * After a real start of the built API with the README's defaults (SQLite under DATA_DIR, no
 * SECRET_KEY, so a key file is generated): the store, its WAL files and the key file are 0600.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltApi } from './built-api.ts';
import { startApiProcess } from '../support/api-process.ts';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.runIf(process.platform !== 'win32')('files the API creates', () => {
  const dirs: string[] = [];
  beforeAll(() => ensureBuiltApi(), 300_000);
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the SQLite store and the secret key file readable by their owner only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-files-'));
    dirs.push(dataDir);
    const api = await startApiProcess({ DATA_DIR: dataDir, SECRET_KEY: '', DATABASE_URL: '' });
    try {
      // A write, so the WAL files exist too.
      await fetch(`${api.baseUrl}/api/health`);
      const store = join(dataDir, 'crime-clock.sqlite');
      expect(existsSync(store)).toBe(true);
      const files = [store, `${store}-wal`, `${store}-shm`, join(dataDir, 'secret.key')].filter(existsSync);
      expect(files.length).toBeGreaterThanOrEqual(3);
      for (const file of files) expect(`${file}: ${modeOf(file)}`).toBe(`${file}: 600`);
    } finally {
      await api.stop();
    }
  });

  it('tightens a store an older version left readable by others', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-files-'));
    dirs.push(dataDir);
    const store = join(dataDir, 'old.sqlite');
    writeFileSync(store, '');
    chmodSync(store, 0o644);
    const api = await startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${store}` });
    try {
      expect(modeOf(store)).toBe('600');
      expect(api.output()).toMatch(/readable by others; now 0600/);
    } finally {
      await api.stop();
    }
  });
});
