import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config/config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../tests/support/database.ts';
import { buildApp, type App } from './app.ts';

describe.each(testDialects)('API foundation on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const uiDir = mkdtempSync(join(tmpdir(), 'cc-ui-'));
    writeFileSync(
      join(uiDir, 'index.html'),
      '<!doctype html><title>Crime Clock</title><div id="root"></div>',
    );
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize, uiDir });
    app.get('/api/test/boom', async () => {
      throw new Error('secret stack detail');
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('reports health with the database reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', dialect, version: '2.0.0' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found: GET /api/nope', code: 'NOT_FOUND' });
  });

  it('serves the UI shell for any other path so the browser router can render its 404 page', async () => {
    const res = await app.inject({ method: 'GET', url: '/some/unknown/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('never leaks an internal error message or stack', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'Internal Server Error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with database down', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildApp({ config: parseConfig({}), sequelize: db.sequelize });
    await db.sequelize.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await app.close();
    await db.drop().catch(() => {});
  });
});
