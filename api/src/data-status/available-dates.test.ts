import { describe, expect, it } from 'vitest';
import { availableDatesFrom } from './available-dates.ts';

describe('available dates from the data status rows', () => {
  it('lists each held month newest first, with its forces and whether any is synthetic', () => {
    const held = [
      { forceId: 'kent', month: 202401, rows: 5, synthetic: false },
      { forceId: 'essex', month: 202401, rows: 3, synthetic: true },
      { forceId: 'kent', month: 202402, rows: 4, synthetic: false },
    ];
    expect(availableDatesFrom(held)).toEqual({
      dates: [
        { date: '2024-02', label: 'February 2024', forces: 1, synthetic: false },
        { date: '2024-01', label: 'January 2024', forces: 2, synthetic: true },
      ],
      latestDateFormatted: 'February 2024',
    });
  });
  it('says nothing is held for an empty store', () => {
    expect(availableDatesFrom([])).toEqual({ dates: [], latestDateFormatted: null });
  });
});
