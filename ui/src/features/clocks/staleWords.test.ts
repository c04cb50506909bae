import { describe, expect, it } from 'vitest';
import { staleWords } from './staleWords.ts';

const DEC_7_2026 = Date.UTC(2026, 11, 7, 12, 0);

describe('staleWords', () => {
  it('says how old the newest month is once it is more than 3 months behind, in English and Welsh', () => {
    expect(staleWords('2025-09', DEC_7_2026, 'en')).toBe(
      'The latest police data is for September 2025, 14 months ago.',
    );
    expect(staleWords('2025-09', DEC_7_2026, 'cy')).toBe(
      'Mae data diweddaraf yr heddlu ar gyfer Medi 2025, 14 mis yn ôl.',
    );
    expect(staleWords('2026-08', DEC_7_2026, 'cy')).toBe(
      'Mae data diweddaraf yr heddlu ar gyfer Awst 2026, 3 mis yn ôl.',
    );
  });

  it('says nothing while the data is current, or without a month', () => {
    expect(staleWords('2026-09', DEC_7_2026, 'en')).toBeNull();
    expect(staleWords(null, DEC_7_2026, 'en')).toBeNull();
  });
});
