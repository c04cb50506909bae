import { describe, expect, it } from 'vitest';
import { appOnTestDatabase } from '../../../tests/support/app-on-database.ts';
import { testDialects } from '../../../tests/support/database.ts';
import { loadFixture } from '../../../tests/support/search-fixture.ts';

describe.each(testDialects)('GET /api/og/clock.png on %s', (dialect) => {
  let clock = Date.UTC(2026, 10, 26, 12, 0);
  const ctx = appOnTestDatabase(dialect, {
    seed: async (db) => void (await loadFixture(db.sequelize)),
    now: () => clock,
  });

  const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/og/clock.png?${query}` });

  it("draws each clock, an area's too, as a 1200×630 PNG kept for a minute", async () => {
    for (const query of [
      'clock=crime-clock',
      'clock=police-crime-clock',
      'clock=police-crime-clock&area=force:metropolitan',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect([res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    }
    const first = (await get('clock=crime-clock')).rawPayload;
    clock += 30_000;
    expect((await get('clock=crime-clock')).rawPayload.equals(first)).toBe(true);
    // Past a minute the count (and the time written under it) are drawn again.
    clock += 31_000;
    expect((await get('clock=crime-clock')).rawPayload.equals(first)).toBe(false);
  });

  it('refuses an area that names nothing, or an area on the survey clock, and unknown clocks', async () => {
    expect((await get('clock=police-crime-clock&area=force:atlantis')).statusCode).toBe(400);
    expect((await get('clock=crime-clock&area=force:kent')).statusCode).toBe(400);
    expect((await get('clock=the-other-clock')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });
});
