import { describe, expect, it } from 'vitest';
import { formatDateTime } from './formatDateTime.ts';

describe('formatDateTime', () => {
  it('writes London time, summer and winter', () => {
    expect(formatDateTime('2025-06-03T13:05:00Z')).toBe('3 Jun 2025, 14:05');
    expect(formatDateTime('2025-01-03T13:05:00Z')).toBe('3 Jan 2025, 13:05');
  });

  it('writes a dash for nothing and the text itself when it is no date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
