import { describe, expect, it } from 'vitest';
import {
  MAX_PERIOD_MONTHS,
  dateRangeForChoice,
  latestMonthsWithDataStart,
  parsePeriod,
  presetMonthsWithData,
  resolvePeriod,
  type Period,
} from './period.ts';

const store = { earliest: 202307, latest: 202506 };

function resolved(start?: string, end?: string) {
  const period = parsePeriod(start, end);
  if (!period.ok) throw new Error(period.error);
  const range = resolvePeriod(period.value, store);
  if (!range.ok) throw new Error(range.error);
  return range.value;
}

describe('period presets', () => {
  it.each([
    ['RECENT_1_MONTH', 202506, 1],
    ['RECENT_3_MONTHS', 202504, 3],
    ['RECENT_6_MONTHS', 202501, 6],
    ['RECENT_12_MONTHS', 202407, 12],
    ['RECENT_24_MONTHS', 202307, 24],
  ])('%s ends at the latest month held', (preset, start, months) => {
    expect(resolved(preset, '')).toEqual({ start, end: 202506, months });
  });

  it('All Data covers what the store holds, at most five years', () => {
    expect(resolved('ALL_AVAILABLE')).toEqual({ start: 202307, end: 202506, months: 24 });
    const long = resolvePeriod(
      { kind: 'preset', preset: 'ALL_AVAILABLE' },
      { earliest: 201012, latest: 202506 },
    );
    expect(long).toEqual({ ok: true, value: { start: 202007, end: 202506, months: 60 } });
  });

  it('defaults to 3 months when nothing is given', () => {
    expect(resolved()).toEqual({ start: 202504, end: 202506, months: 3 });
    expect(resolved('', '')).toEqual(resolved('RECENT_3_MONTHS', ''));
  });
});

describe('presets over the months with data', () => {
  it('takes the latest 3 months with data, skipping months the store misses', () => {
    // April 2025 is missing: 3 calendar months would hold 2 with data.
    const held = [202506, 202505, 202503, 202502];
    expect(latestMonthsWithDataStart(held, 3)).toBe(202503);
    expect(
      resolvePeriod(
        { kind: 'preset', preset: 'RECENT_3_MONTHS' },
        { earliest: 202502, latest: 202506, held },
      ),
    ).toEqual({ ok: true, value: { start: 202503, end: 202506, months: 4 } });
  });

  it('takes what there is when fewer months are held, in any order and with repeats', () => {
    expect(latestMonthsWithDataStart([202506], 3)).toBe(202506);
    expect(latestMonthsWithDataStart([202504, 202506, 202506, 202505], 12)).toBe(202504);
    expect(latestMonthsWithDataStart([], 3)).toBeUndefined();
  });

  it('tells the form what its default covers, from the available dates', () => {
    expect(presetMonthsWithData('RECENT_3_MONTHS', ['2025-09', '2025-07', '2025-06', '2025-05'])).toEqual({
      startMonth: '2025-06',
      endMonth: '2025-09',
      withData: 3,
    });
    expect(presetMonthsWithData('RECENT_3_MONTHS', ['2025-09'])).toEqual({
      startMonth: '2025-09',
      endMonth: '2025-09',
      withData: 1,
    });
    expect(presetMonthsWithData('RECENT_3_MONTHS', [])).toBeUndefined();
  });

  it('keeps All Data to calendar months, at most five years back', () => {
    expect(presetMonthsWithData('ALL_AVAILABLE', ['2025-06', '2023-07'])).toEqual({
      startMonth: '2023-07',
      endMonth: '2025-06',
      withData: 2,
    });
  });
});

describe('single months and ranges', () => {
  it('takes a single month alone or as both bounds', () => {
    expect(resolved('2025-02')).toEqual({ start: 202502, end: 202502, months: 1 });
    expect(resolved('2025-02', '2025-02')).toEqual({ start: 202502, end: 202502, months: 1 });
  });

  it('takes a range oldest first', () => {
    expect(resolved('2024-11', '2025-02')).toEqual({ start: 202411, end: 202502, months: 4 });
  });

  it('allows months before the store (they come back as no data) but not after it', () => {
    expect(resolved('2022-01', '2022-03')).toEqual({ start: 202201, end: 202203, months: 3 });
    const after = resolvePeriod({ kind: 'months', start: 202506, end: 202507 }, store);
    expect(after).toEqual({ ok: false, error: expect.stringContaining('June 2025') });
  });

  it.each([
    ['2025-13', ''],
    ['25-06', ''],
    ['RECENT_2_MONTHS', ''],
    ['RECENT_3_MONTHS', '2025-06'],
    ['', '2025-06'],
    ['2025-03', '2025-01'],
    ['2009-01', '2009-02'],
    ['2015-01', '2025-01'],
    ["2025-01' OR 1=1 --", ''],
  ])('refuses startMonth=%j endMonth=%j with a message', (start, end) => {
    const period = parsePeriod(start, end);
    expect(period.ok).toBe(false);
    if (!period.ok) expect(period.error.length).toBeGreaterThan(10);
  });

  it('caps a range at the five-year horizon', () => {
    expect(parsePeriod('2020-07', '2025-06').ok).toBe(true);
    expect(parsePeriod('2020-06', '2025-06').ok).toBe(false);
    expect(MAX_PERIOD_MONTHS).toBe(60);
  });
});

describe('dateRangeForChoice', () => {
  it('sends presets with an empty endMonth and months as both bounds', () => {
    expect(dateRangeForChoice('3months')).toEqual({ startMonth: 'RECENT_3_MONTHS', endMonth: '' });
    expect(dateRangeForChoice('all')).toEqual({ startMonth: 'ALL_AVAILABLE', endMonth: '' });
    expect(dateRangeForChoice('single', { single: '2025-03' })).toEqual({
      startMonth: '2025-03',
      endMonth: '2025-03',
    });
    expect(dateRangeForChoice('range', { from: '2025-01', to: '2025-03' })).toEqual({
      startMonth: '2025-01',
      endMonth: '2025-03',
    });
  });

  it('builds no range when single or range lack their months', () => {
    expect(dateRangeForChoice('single')).toBeUndefined();
    expect(dateRangeForChoice('range', { from: '2025-01' })).toBeUndefined();
  });

  it('round-trips through parsePeriod', () => {
    const range = dateRangeForChoice('12months')!;
    const period = parsePeriod(range.startMonth, range.endMonth);
    expect(period).toEqual({
      ok: true,
      value: { kind: 'preset', preset: 'RECENT_12_MONTHS' } satisfies Period,
    });
  });
});
