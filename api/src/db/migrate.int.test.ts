import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { openDatabase } from './connection.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

describe.each(testDialects)('migrations on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => db?.drop());

  it('applies every migration and records it', async () => {
    const executed = await createMigrator(db.sequelize).executed();
    expect(executed.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    const tables = (await db.sequelize.getQueryInterface().showAllTables()).map(String);
    expect(tables).toEqual(expect.arrayContaining(['crimes', 'dataset_months', 'imports', 'postcodes']));
  });

  it('is a no-op when run again, and can roll back to nothing and forward again', async () => {
    const migrator = createMigrator(db.sequelize);
    expect(await migrator.up()).toEqual([]);
    await migrator.down({ to: 0 });
    const afterDown = (await db.sequelize.getQueryInterface().showAllTables()).map(String);
    expect(afterDown).not.toContain('crimes');
    expect((await migrator.up()).length).toBe(migrations.length);
  });
});

describe.each(testDialects)("the admin sessions' addresses on %s", (dialect) => {
  it('are dropped for a column of keyed hashes, the sessions kept', async () => {
    const db = await createTestDatabase(dialect, { migrate: false });
    try {
      const migrator = createMigrator(db.sequelize);
      await migrator.up({ to: '2026-11-26-alert-locale' });
      await db.sequelize.query(
        "INSERT INTO admin_users (id, username, password_hash, created_at, updated_at) VALUES (1, 'alice', 'x', 0, 0)",
      );
      await db.sequelize.query(
        `INSERT INTO admin_sessions (id, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
         VALUES ('${'a'.repeat(64)}', 1, 0, 0, 1, '192.0.2.7', 'Firefox')`,
      );
      await migrator.up();
      const columns = Object.keys(await db.sequelize.getQueryInterface().describeTable('admin_sessions'));
      expect(columns).toContain('address_hash');
      expect(columns).not.toContain('ip');
      const [rows] = await db.sequelize.query('SELECT user_id, address_hash, user_agent FROM admin_sessions');
      expect(rows).toEqual([{ user_id: 1, address_hash: null, user_agent: 'Firefox' }]);
      // And back: the column of addresses returns empty.
      await migrator.down({ to: '2026-11-27-session-address-hash' });
      const [back] = await db.sequelize.query('SELECT ip FROM admin_sessions');
      expect(back).toEqual([{ ip: null }]);
    } finally {
      await db.drop();
    }
  });
});

describe.each(testDialects)('migrating at once from several nodes on %s', (dialect) => {
  it('lets one node do the work while the others wait and find nothing left', async () => {
    const db = await createTestDatabase(dialect, { migrate: false });
    const nodes = [0, 1, 2].map(() => openDatabase({ url: db.url }));
    try {
      const results = await Promise.all(nodes.map((node) => migrateToLatest(node)));
      const sorted = results.map((ran) => ran.length).sort((a, b) => b - a);
      expect(sorted).toEqual([migrations.length, 0, 0]);
      const executed = await createMigrator(db.sequelize).executed();
      expect(executed.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await db.drop();
    }
  });
});

describe('SQLite connections', () => {
  it('run in WAL mode with a busy timeout, also inside transactions', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      const [[mode]] = (await db.sequelize.query('PRAGMA journal_mode')) as [
        { journal_mode: string }[],
        unknown,
      ];
      expect(mode?.journal_mode).toBe('wal');
      await db.sequelize.transaction(async (transaction) => {
        const [[sync]] = (await db.sequelize.query('PRAGMA synchronous', { transaction })) as [
          { synchronous: number }[],
          unknown,
        ];
        // 1 = NORMAL (the default on a fresh connection is 2 = FULL)
        expect(sync?.synchronous).toBe(1);
        const [[timeout]] = (await db.sequelize.query('PRAGMA busy_timeout', { transaction })) as [
          Record<string, number>[],
          unknown,
        ];
        expect(Object.values(timeout ?? {})[0]).toBe(15_000);
      });
    } finally {
      await db.drop();
    }
  });
});
