import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import type { App } from '../app.ts';
import {
  buildAdminTestApp,
  CHEAP_PASSWORD_COST,
  createTestAdmin,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import { createAdminUserService, type AdminUserServiceOptions } from './users.ts';
import { verifyPassword } from '../security/passwords.ts';

const ensureFirstAdmin = (options: AdminUserServiceOptions) =>
  createAdminUserService(options).ensureFirstAdmin();

describe.each(testDialects)('admin system information and imports on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let cookie: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    await createTestAdmin(db.sequelize);
    cookie = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('reports the true version, environment and database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/system', cookies: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: '2.0.0',
      environment: 'test',
      database: { dialect, status: 'connected' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists recorded imports and the force-months the store holds', async () => {
    const empty = await app.inject({ method: 'GET', url: '/api/admin/imports', cookies: cookie });
    expect(empty.json()).toEqual({ imports: [], forces: [] });

    await db.sequelize.query(
      `INSERT INTO imports (source, status, synthetic, started_at, finished_at, months, forces, files,
         rows_imported, rows_skipped, duration_ms, error)
       VALUES (?, 'succeeded', ?, ?, ?, ?, ?, 4, 1200, 3, 5400, NULL)`,
      {
        replacements: [
          'data/sample.zip',
          true,
          new Date('2025-06-01T10:00:00Z'),
          new Date('2025-06-01T10:00:05Z'),
          JSON.stringify([202504, 202505]),
          JSON.stringify(['kent', 'surrey']),
        ],
      },
    );
    const monthRow = `INSERT INTO dataset_months (force_id, month, dataset, row_count, synthetic, imported_at)
       VALUES (?, ?, ?, ?, ?, ?)`;
    for (const [force, month, dataset, rows] of [
      ['kent', 202505, 'crimes', 300],
      ['kent', 202504, 'crimes', 250],
      ['kent', 202505, 'stop-and-search', 20],
      ['surrey', 202505, 'crimes', 200],
    ] as const) {
      await db.sequelize.query(monthRow, { replacements: [force, month, dataset, rows, true, new Date()] });
    }

    const res = await app.inject({ method: 'GET', url: '/api/admin/imports', cookies: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imports: [
        {
          id: expect.any(Number),
          source: 'data/sample.zip',
          status: 'succeeded',
          synthetic: true,
          startedAt: '2025-06-01T10:00:00.000Z',
          finishedAt: '2025-06-01T10:00:05.000Z',
          months: ['2025-04', '2025-05'],
          forces: ['kent', 'surrey'],
          files: 4,
          rowsImported: 1200,
          rowsSkipped: 3,
          durationMs: 5400,
          error: null,
          filesFailed: 0,
          failedFiles: [],
        },
      ],
      forces: [
        {
          forceId: 'kent',
          datasets: [
            { dataset: 'crimes', months: ['2025-04', '2025-05'], rows: 550, synthetic: true },
            { dataset: 'stop-and-search', months: ['2025-05'], rows: 20, synthetic: true },
          ],
        },
        {
          forceId: 'surrey',
          datasets: [{ dataset: 'crimes', months: ['2025-05'], rows: 200, synthetic: true }],
        },
      ],
    });
  });
});

describe.each(testDialects)('first admin on %s', (dialect) => {
  it('creates admin with a random password once, and never again', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const first = await ensureFirstAdmin({ sequelize: db.sequelize, cost: CHEAP_PASSWORD_COST });
      expect(first).toMatchObject({ username: 'admin', password: expect.stringMatching(/^[\w-]{20}$/) });
      const user = await createAdminUserService({ sequelize: db.sequelize }).findByUsername('admin');
      expect(await verifyPassword(first!.password, user!.passwordHash)).toBe(true);
      expect(user!.passwordHash).not.toContain(first!.password);
      expect(await ensureFirstAdmin({ sequelize: db.sequelize })).toBeNull();
    } finally {
      await db.drop();
    }
  });

  it('does not create a second admin when two nodes start together', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const results = await Promise.all([
        ensureFirstAdmin({ sequelize: db.sequelize, cost: CHEAP_PASSWORD_COST }),
        ensureFirstAdmin({ sequelize: db.sequelize, cost: CHEAP_PASSWORD_COST }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await createAdminUserService({ sequelize: db.sequelize }).count()).toBe(1);
    } finally {
      await db.drop();
    }
  });
});
