import { describe, expect, it } from 'vitest';
import { instantLabel, monthLabel } from './dataStatusText.ts';

describe('data status wording', () => {
  it('names a month in short form', () => {
    expect(monthLabel('2024-03')).toBe('Mar 2024');
    expect(monthLabel('2019-12')).toBe('Dec 2019');
  });
  it('writes an instant in UTC, and a dash for none', () => {
    expect(instantLabel('2026-11-26T18:05:00.000Z')).toBe('26 Nov 2026, 18:05 UTC');
    expect(instantLabel(null)).toBe('—');
  });
  it('names months the Welsh way on a Welsh page', () => {
    const welsh = monthLabel('2024-11', 'cy');
    expect(welsh).toMatch(/^Tach\b.*2024$/);
    expect(instantLabel('2026-11-26T18:05:00.000Z', 'cy')).toMatch(/^26 Tach.* 2026.*18:05 UTC$/);
  });
});
