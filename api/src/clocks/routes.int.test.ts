import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { categoryFromSlug } from '../../../common/crime/categories.ts';
import { SYNTHETIC_DATA_NOTE } from '../../../common/clock/police-definition.ts';
import { readTick } from '../../../common/realtime/tick.ts';
import { appOnTestDatabase } from '../../../tests/support/app-on-database.ts';
import { testDialects } from '../../../tests/support/database.ts';
import { buildApp } from '../app.ts';

describe.each(testDialects)('clock endpoints on %s', (dialect) => {
  const ctx = appOnTestDatabase(dialect);
  const now = Date.parse('2026-06-15T12:00:00Z');

  it('serves the survey clock with its definition', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/csew-clock' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.definition.clock).toBe('csew');
    expect(body.totalCrimes).toBeGreaterThan(0);
    expect(body.categoryBreakdown.length).toBe(body.definition.categories.length);
    expect(body.prevalence.prevalenceBreakdown.length).toBeGreaterThan(0);
    expect(Math.abs(body.serverTime - Date.now())).toBeLessThan(5000);
    // The same tick the realtime server sends, for the second the answer was made in.
    const tick = readTick(body.tick)!;
    expect(tick.t).toBe(body.serverTime - (body.serverTime % 1000));
    expect(tick.n).toBeLessThanOrEqual(body.totalCrimes);
    expect(tick.counters).toHaveLength(
      1 + body.definition.categories.length + 1 + body.definition.prevalence.length,
    );
  });

  it('tells the browser where the realtime server is, and no contact address unless one is set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      realtime: { url: null, port: 3001 },
      contact: { email: null },
      map: { tileUrl: null, tileAttribution: '© OpenStreetMap contributors' },
      // Built without mail: no alert can be mailed, and the pages offer the feed alone.
      alerts: { email: false },
    });
  });

  it('serves the configured contact address and realtime URL', async () => {
    const configured = await buildApp({
      config: parseConfig({
        DATABASE_URL: ctx.db.url,
        CONTACT_EMAIL: 'clocks@example.org',
        PUBLIC_REALTIME_URL: 'https://live.example.org/',
        MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example Maps',
      }),
      sequelize: ctx.db.sequelize,
    });
    try {
      const res = await configured.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toEqual({
        realtime: { url: 'https://live.example.org', port: 3001 },
        contact: { email: 'clocks@example.org' },
        map: { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', tileAttribution: '© Example Maps' },
        alerts: { email: false },
      });
    } finally {
      await configured.close();
    }
  });

  it('says the police clock has no data while the store is empty', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/police-clock' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'NO_POLICE_DATA' });
  });

  it('builds the police clock from the latest six months, naming forces without street data; counts British Transport Police, not Northern Ireland', async () => {
    const q = ctx.db.sequelize.getQueryInterface();
    const violent = categoryFromSlug('violent-crime')!.code;
    const burglary = categoryFromSlug('burglary')!.code;
    const months = [202601, 202602, 202603, 202604, 202605, 202606, 202607];
    const importedAt = new Date(now);
    await q.bulkInsert('dataset_months', [
      ...months.map((month) => ({
        force_id: 'metropolitan',
        month,
        dataset: 'street',
        row_count: 3,
        synthetic: true,
        imported_at: importedAt,
      })),
      // A store filled before Northern Ireland was left out still holds its rows: never counted.
      ...['btp', 'northern-ireland'].map((force_id) => ({
        force_id,
        month: 202607,
        dataset: 'street',
        row_count: 3,
        synthetic: true,
        imported_at: importedAt,
      })),
      {
        force_id: 'greater-manchester',
        month: 202607,
        dataset: 'stop-and-search',
        row_count: 5,
        synthetic: true,
        imported_at: importedAt,
      },
    ]);
    // 100 violent + 20 burglaries a month; the oldest month lies outside the six-month window.
    const counts = (category: number, crimes: number) => ({ category, crimes, resolved: 0, located: crimes });
    await q.bulkInsert(
      'crime_force_counts',
      months.flatMap((month) => [
        { force_id: 'metropolitan', month, ...counts(violent, month === 202601 ? 9999 : 100) },
        { force_id: 'metropolitan', month, ...counts(burglary, 20) },
      ]),
    );
    await q.bulkInsert('crime_force_counts', [
      { force_id: 'btp', month: 202607, ...counts(violent, 60) },
      { force_id: 'northern-ireland', month: 202607, ...counts(violent, 5000) },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/police-clock' });
    expect(res.statusCode).toBe(200);
    const { definition, latestDataMonth, excludedForces } = res.json();
    expect(latestDataMonth).toBe('2026-07');
    const annual = Object.fromEntries(
      definition.categories.map((c: { id: string; annualCount: number }) => [c.id, c.annualCount]),
    );
    expect(annual['violent-crime']).toBe(((6 * 100 + 60) / 6) * 12);
    expect(annual.burglary).toBe(20 * 12);
    expect(excludedForces.map((f: { id: string }) => f.id)).toEqual(['greater-manchester']);
    // The cause as facts beside the English reason, for pages to word in their language.
    expect(excludedForces[0].cause).toEqual({ kind: 'stopped-publishing', since: '2019-07' });
    expect(definition.meta.notes).toContain(SYNTHETIC_DATA_NOTE);
    // The words say what the counts counted.
    expect(definition.meta.coverage).toMatchObject({
      forces: ['British Transport Police', 'Metropolitan Police Service'],
      territorialForces: 1,
      text: '1 of 43 forces in England and Wales (Metropolitan Police Service) and British Transport Police, February 2026 to July 2026 (synthetic sample)',
    });
  });
});
