import { describe, expect, it } from 'vitest';
import { formatDateTime } from './formatDateTime.ts';

describe('formatDateTime', () => {
  it('writes London time, summer and winter', () => {
    expect(formatDateTime('2025-06-03T13:05:00Z')).toBe('3 Jun 2025, 14:05');
    expect(formatDateTime('2025-01-03T13:05:00Z')).toBe('3 Jan 2025, 13:05');
  });

  it('writes Welsh month names, the month of London time', () => {
    expect(formatDateTime('2025-06-14T15:05:00Z', 'cy')).toBe('14 Meh 2025, 16:05');
    // 23:30 in UTC on the last of June is already July in London.
    expect(formatDateTime('2025-06-30T23:30:00Z', 'cy')).toBe('1 Gorff 2025, 00:30');
    expect(formatDateTime('2025-06-30T23:30:00Z', 'en')).toBe('1 Jul 2025, 00:30');
  });

  it('writes a dash for nothing and the text itself when it is no date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
