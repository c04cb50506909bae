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
