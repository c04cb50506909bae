import { describe, expect, it } from 'vitest';
import type { MonthlyBreakdownEntry } from '../search/types.ts';
import { alertFigures } from './figures.ts';

const entry = (month: string, crimeTypes: Record<string, number> | null): MonthlyBreakdownEntry => ({
  month,
  hasData: crimeTypes !== null,
  incomplete: false,
  crimeTypes: crimeTypes ?? {},
  totalCrimes: crimeTypes ? Object.values(crimeTypes).reduce((a, b) => a + b, 0) : null,
});

const breakdown = [
  entry('2024-07', { burglary: 10, drugs: 10 }),
  entry('2024-08', null),
  entry('2025-06', { burglary: 30, drugs: 20, robbery: 10 }),
  entry('2025-07', { burglary: 40, drugs: 5, robbery: 15, 'bicycle-theft': 1 }),
];

describe('alertFigures', () => {
  it('counts the month, its rate and its changes on the month before and a year earlier', () => {
    const figures = alertFigures({ month: '2025-07', breakdown, population: 12_000, categories: [] })!;
    expect(figures.crimes).toBe(61);
    expect(figures.ratePerThousand).toBe(5.08);
    expect(figures.previousMonth).toMatchObject({
      month: '2025-06',
      crimes: 60,
      change: { direction: 'stable' },
    });
    expect(figures.yearEarlier).toMatchObject({
      month: '2024-07',
      crimes: 20,
      change: { percentage: 205, direction: 'up' },
    });
    expect(figures.topCategories.map((c) => [c.name, c.crimes])).toEqual([
      ['Burglary', 40],
      ['Robbery', 15],
      ['Drugs', 5],
    ]);
  });

  it('counts only the chosen categories', () => {
    const figures = alertFigures({
      month: '2025-07',
      breakdown,
      population: null,
      categories: ['drugs', 'robbery'],
    })!;
    expect(figures.crimes).toBe(20);
    expect(figures.ratePerThousand).toBeNull();
    expect(figures.previousMonth?.crimes).toBe(30);
    expect(figures.yearEarlier?.crimes).toBe(10);
    expect(figures.topCategories.map((c) => c.slug)).toEqual(['robbery', 'drugs']);
  });

  it('says nothing for a month the area has no data for, and no comparison with such a month', () => {
    expect(alertFigures({ month: '2024-08', breakdown, population: 1, categories: [] })).toBeNull();
    expect(alertFigures({ month: '2025-09', breakdown, population: 1, categories: [] })).toBeNull();
    const lone = alertFigures({ month: '2024-07', breakdown, population: 1, categories: [] })!;
    expect(lone.previousMonth).toBeNull();
  });
});
