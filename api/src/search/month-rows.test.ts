import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORIES } from '../../../common/crime/categories.ts';
import { MONTH_ROW_CODES_0013 } from '../db/migrations/0013-month-rows.ts';
import { AreaCounts, MONTH_ROW_CODES, crimesColumn } from './month-rows.ts';

describe('month rows', () => {
  it('have a column for every crime category the store can hold', () => {
    // A category added to common/crime/categories.ts needs a migration adding its column.
    const codes = CRIME_CATEGORIES.map((c) => c.code);
    expect(codes.filter((code) => !MONTH_ROW_CODES_0013.includes(code))).toEqual([]);
    expect(MONTH_ROW_CODES).toEqual(codes);
  });

  it('add up month rows and category rows into one count per month and category', () => {
    const monthRow = (month: number, resolved: number, crimes: Record<number, number>) => ({
      month,
      resolved,
      ...Object.fromEntries(MONTH_ROW_CODES.map((code) => [crimesColumn(code), crimes[code] ?? 0])),
    });
    const counts = new AreaCounts()
      // MySQL sums come back as DECIMAL strings
      .addMonthRows([
        monthRow(202501, 3, { 3: 5, 13: 2 }),
        { ...monthRow(202502, 0, { 3: 1 }), crimes_3: '1' },
      ])
      .addCategoryRows([
        { month: 202501, category: 3, crimes: 4, resolved: '1' },
        { month: 202502, category: 1, crimes: 7, resolved: 0 },
      ]);
    expect(counts.counts().sort((a, b) => a.month - b.month || a.category - b.category)).toEqual([
      { month: 202501, category: 3, crimes: 9 },
      { month: 202501, category: 13, crimes: 2 },
      { month: 202502, category: 1, crimes: 7 },
      { month: 202502, category: 3, crimes: 1 },
    ]);
    expect([...counts.resolvedByMonth]).toEqual([[202501, 4]]);
  });
});
