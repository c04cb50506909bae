import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/database.ts';
import { runImportCommand } from '../../../../../tests/support/import-command.ts';
import {
  csvText,
  STREET_HEADER,
  streetRows,
  writeFiles,
} from '../../../../../tests/support/police-archive.ts';

const isRoot = process.getuid?.() === 0;

/** One clear message: exit 1, the reason in words, no stack trace. */
function expectOneMessage(run: { code: number | null; stderr: string }, words: RegExp) {
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(words);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('npm run import on a store that takes no writes', () => {
  let dir: string;
  let source: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-unwritable-'));
    source = join(dir, 'archive');
    writeFiles(source, {
      '2024-02/2024-02-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(20_000, { month: '2024-02', forceName: 'Kent Police', seed: 1 }),
      ),
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a read-only SQLite file', { timeout: 60_000 }, async () => {
    const db: TestDatabase = await createTestDatabase('sqlite');
    const file = db.url.slice('sqlite:'.length);
    // root writes through file modes, so the file is made immutable for it instead.
    if (isRoot) execFileSync('chattr', ['+i', file]);
    else chmodSync(file, 0o444);
    try {
      const run = await runImportCommand([source], { DATABASE_URL: db.url, NODE_ENV: 'test' });
      expectOneMessage(run, /The database sqlite:.+ is read-only for this process/);
    } finally {
      if (isRoot) execFileSync('chattr', ['-i', file]);
      await db.drop();
    }
  });

  it.skipIf(!process.env.TEST_MYSQL_URL)(
    'a MySQL store its user may only read',
    { timeout: 60_000 },
    async () => {
      const db = await createTestDatabase('mysql');
      const name = new URL(db.url).pathname.slice(1);
      const user = `cc_ro_${randomBytes(4).toString('hex')}`;
      await db.sequelize.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'read-only-test'`);
      await db.sequelize.query(`GRANT SELECT ON \`${name}\`.* TO '${user}'@'%'`);
      try {
        const url = new URL(db.url);
        url.username = user;
        url.password = 'read-only-test';
        const run = await runImportCommand([source], { DATABASE_URL: url.toString(), NODE_ENV: 'test' });
        expectOneMessage(run, /The database mysql:.+ is read-only for this process/);
      } finally {
        await db.sequelize.query(`DROP USER '${user}'@'%'`);
        await db.drop();
      }
    },
  );

  // A full disk is made with a small tmpfs, which only root may mount.
  it.skipIf(!isRoot)('a full SQLite disk', { timeout: 60_000 }, async () => {
    const mount = mkdtempSync(join(dir, 'small-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mount]);
    try {
      const url = `sqlite:${join(mount, 'store.sqlite')}`;
      const store = openDatabase({ url });
      await migrateToLatest(store);
      await store.close();
      const run = await runImportCommand([source], { DATABASE_URL: url, NODE_ENV: 'test' });
      expectOneMessage(run, /The database sqlite:.+ is full .*the file being imported was rolled back/);
    } finally {
      // Lazily: the store's last connection may still be closing.
      execFileSync('umount', ['-l', mount]);
    }
  });
});
