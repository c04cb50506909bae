import { describe, expect, it } from 'vitest';
import { rateMonths, rateMonthsShort } from './rateMonths.ts';

describe('the months a rate is computed over', () => {
  it('names every month of the period when all have data', () => {
    expect(rateMonths(['2025-04', '2025-05', '2025-06'], 3)).toBe('over 3 months (Apr 2025 to Jun 2025)');
    expect(rateMonthsShort(['2025-04', '2025-05', '2025-06'], 3)).toBe('over 3 months');
  });

  it('says how many of the period the months with data are', () => {
    expect(rateMonths(['2025-08', '2025-09'], 3)).toBe(
      'over the 2 months of 3 with data (Aug 2025 to Sep 2025)',
    );
    expect(rateMonthsShort(['2025-08', '2025-09'], 3)).toBe('over the 2 months of 3 with data');
  });

  it('one month alone, and none', () => {
    expect(rateMonths(['2025-09'], 1)).toBe('over 1 month (Sep 2025)');
    expect(rateMonths(['2025-09'], 12)).toBe('over the 1 month of 12 with data (Sep 2025)');
    expect(rateMonths([], 6)).toBe('over the 0 months of 6 with data');
  });

  it('in Welsh, with Welsh short months and a mutated second month', () => {
    expect(rateMonths(['2025-02', '2025-03'], 3, 'cy')).toBe(
      'dros y 2 fis o 3 sydd â data (Chwef 2025 i Faw 2025)',
    );
    expect(rateMonthsShort(['2025-04'], 1, 'cy')).toBe('dros 1 mis');
  });
});
