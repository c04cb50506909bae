import { describe, expect, it } from 'vitest';
import { WELSH_MONTH_NAMES } from '../search/months.ts';
import { joinList, softMutation } from './grammar.ts';

describe('joining a list', () => {
  it('joins with "and" in English', () => {
    expect(joinList([], 'en')).toBe('');
    expect(joinList(['Kent Police'], 'en')).toBe('Kent Police');
    expect(joinList(['A', 'B', 'C'], 'en')).toBe('A, B and C');
  });

  it('joins with "a" in Welsh, "ac" before a vowel', () => {
    expect(joinList(['A', 'B', 'C'], 'cy')).toBe('A, B a C');
    expect(joinList(['Kent Police', 'Avon and Somerset Constabulary'], 'cy')).toBe(
      'Kent Police ac Avon and Somerset Constabulary',
    );
  });
});

describe('the Welsh soft mutation', () => {
  it('mutates each month name as it stands after "i"', () => {
    expect(WELSH_MONTH_NAMES.map(softMutation)).toEqual([
      'Ionawr',
      'Chwefror',
      'Fawrth',
      'Ebrill',
      'Fai',
      'Fehefin',
      'Orffennaf',
      'Awst',
      'Fedi',
      'Hydref',
      'Dachwedd',
      'Ragfyr',
    ]);
  });

  it('mutates the other consonants it knows and leaves the rest', () => {
    expect(['Pen', 'Caerdydd', 'Bangor', 'Dinbych', 'Llanelli', 'Nefyn'].map(softMutation)).toEqual([
      'Ben',
      'Gaerdydd',
      'Fangor',
      'Ddinbych',
      'Lanelli',
      'Nefyn',
    ]);
  });
});
