import { describe, expect, it } from 'vitest';
import { freshnessOf, staleness } from './freshness.ts';

const DEC_7_2026 = Date.UTC(2026, 11, 7, 23, 48);

describe('staleness', () => {
  it('counts calendar months behind, and months since the newest month ended', () => {
    expect(staleness('2025-09', DEC_7_2026)).toEqual({
      latestMonth: '2025-09',
      monthsBehind: 15,
      monthsAgo: 14,
      stale: true,
    });
  });

  it('is stale only when more than 3 months behind the calendar month', () => {
    expect(staleness('2026-10', DEC_7_2026)?.stale).toBe(false);
    expect(staleness('2026-09', DEC_7_2026)?.stale).toBe(false);
    expect(staleness('2026-08', DEC_7_2026)).toMatchObject({ monthsBehind: 4, stale: true });
    expect(staleness('2026-12', DEC_7_2026)).toMatchObject({ monthsBehind: 0, monthsAgo: 0, stale: false });
  });

  it('reads the calendar month in London: 23:30 UTC on 31 May is already June there', () => {
    const lateMay = Date.UTC(2026, 4, 31, 23, 30);
    expect(staleness('2026-02', lateMay)).toMatchObject({ monthsBehind: 4, stale: true });
    expect(staleness('2026-02', Date.UTC(2026, 4, 31, 22, 30))).toMatchObject({
      monthsBehind: 3,
      stale: false,
    });
  });

  it('says nothing without a month it can read', () => {
    expect(staleness(null, DEC_7_2026)).toBeNull();
    expect(staleness('September 2025', DEC_7_2026)).toBeNull();
  });
});

describe('freshnessOf', () => {
  const status = {
    latestMonth: '2025-09',
    lastImportAt: '2026-12-07T18:37:00.000Z',
    lastCheck: { at: '2026-12-07T06:00:00.000Z', result: 'up-to-date' as const, message: '' },
    nextCheckAt: '2026-12-08T06:00:00.000Z',
  };

  it('promises the next scheduled check, and says when data last came in', () => {
    expect(freshnessOf(status, DEC_7_2026)).toEqual({
      lastUpdated: '2026-12-07T18:37:00.000Z',
      lastCheckAt: '2026-12-07T06:00:00.000Z',
      nextUpdate: { kind: 'scheduled', at: '2026-12-08T06:00:00.000Z' },
      staleness: { latestMonth: '2025-09', monthsBehind: 15, monthsAgo: 14, stale: true },
    });
  });

  it('promises no update while scheduled updates are off', () => {
    const off = {
      ...status,
      lastCheck: { at: null, result: 'off' as const, message: '' },
      nextCheckAt: null,
    };
    expect(freshnessOf(off, DEC_7_2026).nextUpdate).toEqual({ kind: 'none' });
    expect(freshnessOf({ ...status, nextCheckAt: null }, DEC_7_2026).nextUpdate).toEqual({ kind: 'none' });
  });
});
