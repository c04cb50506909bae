import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sequelize } from 'sequelize';
import { openDatabase, type Dialect } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { createDatabaseSql } from '../../scripts/lib/create-database.ts';

/**
 * The dialects integration tests run on: SQLite always, MySQL/MariaDB as well when TEST_MYSQL_URL
 * points at a server (`.ci/run` sets it). Use with `describe.each(testDialects)`.
 */
export const testDialects: Dialect[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  sequelize: Sequelize;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given dialect that nothing else uses. */
export async function createTestDatabase(
  dialect: Dialect,
  options: {
    migrate?: boolean;
    /** MySQL: what follows `CREATE DATABASE name`; the README's statement unless a test varies it. */
    databaseOptions?: string;
  } = {},
): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'mysql') {
    const serverUrl = process.env.TEST_MYSQL_URL;
    if (!serverUrl) throw new Error('TEST_MYSQL_URL is not set');
    const name = `cc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = openDatabase({ url: serverUrl, poolMax: 1 });
    await admin.query(createDatabaseSql(name, { databaseOptions: options.databaseOptions }));
    await admin.close();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    cleanup = async () => {
      const again = openDatabase({ url: serverUrl, poolMax: 1 });
      await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.close();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'crime-clock-test-'));
    url = `sqlite:${join(dir, 'test.sqlite')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const sequelize = openDatabase({ url });
  if (options.migrate !== false) await migrateToLatest(sequelize);
  return {
    dialect,
    url,
    sequelize,
    async drop() {
      await sequelize.close();
      await cleanup();
    },
  };
}
