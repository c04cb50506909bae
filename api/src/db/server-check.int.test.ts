import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../../tests/support/database.ts';
import { openDatabase } from './connection.ts';
import { checkDatabaseServer, DatabaseServerError } from './server-check.ts';

describe.skipIf(!testDialects.includes('mysql'))('start-up check of the MySQL server', () => {
  it('passes a server used as the README says, whatever its global sql_mode', async () => {
    const db = await createTestDatabase('mysql', { migrate: false });
    try {
      await expect(checkDatabaseServer(db.sequelize, 'api')).resolves.toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('stops with one message naming what to change when something alters the session after connecting', async () => {
    const db = await createTestDatabase('mysql', { migrate: false });
    const altered = openDatabase({ url: db.url, poolMax: 1 });
    // Stands in for a proxy or pooler that replays a session of its own on our connections.
    altered.addHook('afterConnect', async (connection) => {
      await new Promise<void>((resolve, reject) =>
        (connection as { query(sql: string, cb: (err: Error | null) => void): void }).query(
          "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES', NAMES latin1",
          (err) => (err ? reject(err) : resolve()),
        ),
      );
    });
    try {
      const error = await checkDatabaseServer(altered, 'import').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseServerError);
      const message = (error as Error).message;
      expect(message).toMatch(/^The MySQL server cannot be used as it is:/);
      expect(message).toMatch(/talks latin1 \(latin1_swedish_ci\), not utf8mb4 \(utf8mb4_bin\)/);
      expect(message).toMatch(/lacks STRICT_ALL_TABLES.* and has NO_BACKSLASH_ESCAPES/);
    } finally {
      await altered.close();
      await db.drop();
    }
  });

  it('relies on nothing outside the process for SQLite', async () => {
    const db = await createTestDatabase('sqlite', { migrate: false });
    try {
      await expect(checkDatabaseServer(db.sequelize, 'import')).resolves.toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
