import { describe, expect, it } from 'vitest';
import {
  couldBecomePostcode,
  rankSuggestions,
  readPartialPostcode,
  suggestionRanges,
  suggestionRank,
} from './partial.ts';

describe('a postcode being typed', () => {
  it('can still become a postcode while every character fits one of the shapes', () => {
    for (const text of [
      'S',
      'SW',
      'SW1',
      'SW1A',
      'SW1A1',
      'SW1A 1',
      'SW1A 1A',
      'sw1a 1aa',
      'M1 1',
      'B33 8T',
      'EC1A',
    ]) {
      expect(couldBecomePostcode(text), text).toBe(true);
    }
    expect(couldBecomePostcode('')).toBe(true);
  });

  it('cannot once a character or the space is where no postcode has it', () => {
    for (const text of [
      '1',
      'SWW',
      'SW1A1AAX',
      'SW1A 1C',
      'S 1',
      'SW1A 11',
      'M1 1A 1',
      'SW%',
      'SW1A  1AAB',
    ]) {
      expect(couldBecomePostcode(text), text).toBe(false);
    }
  });

  it('reads the visitor’s space as the end of the outward code', () => {
    expect(readPartialPostcode('m1 1')).toEqual({ compact: 'M11', outward: 'M1' });
    expect(readPartialPostcode('M11')).toEqual({ compact: 'M11', outward: null });
    expect(readPartialPostcode('M1 ')).toEqual({ compact: 'M1', outward: null });
  });
});

describe('suggestions by district', () => {
  const sw1 = readPartialPostcode('SW1')!;
  const m1 = readPartialPostcode('M1 1')!;

  it('ranks the typed district before longer districts that start the same', () => {
    expect(suggestionRank(sw1, 'SW1A 1AA')).toBe(0);
    expect(suggestionRank(sw1, 'SW1P 3BU')).toBe(0);
    expect(suggestionRank(sw1, 'SW10 0AA')).toBe(1);
    expect(suggestionRank(sw1, 'SE1 7PB')).toBeNull();
    expect(rankSuggestions(sw1, ['SW10 0AA', 'SW19 1AA', 'SW1A 1AA', 'SW1P 3BU'], 8)).toEqual([
      'SW1A 1AA',
      'SW1P 3BU',
      'SW10 0AA',
      'SW19 1AA',
    ]);
  });

  it('with a space, suggests only the district before the space', () => {
    expect(rankSuggestions(m1, ['M11 1AA', 'M1 1AE', 'M1 1AD', 'M1 1AE'], 8)).toEqual(['M1 1AE', 'M1 1AD']);
    expect(rankSuggestions(m1, ['M1 1AE', 'M1 1AD'], 1)).toEqual(['M1 1AE']);
  });

  it('asks the store for the typed district first, then the rest of the prefix', () => {
    expect(suggestionRanges(sw1)).toEqual([
      { from: 'SW1A', to: 'SW1ZZZZZZZZ' },
      { from: 'SW1', to: 'SW1ZZZZZZZ', length: 6 },
      { from: 'SW1', to: 'SW1ZZZZZZZ' },
    ]);
    expect(suggestionRanges(m1)).toEqual([{ from: 'M11', to: 'M11ZZZZZZZ', length: 5 }]);
    expect(suggestionRanges(readPartialPostcode('SW1A')!)).toEqual([{ from: 'SW1A', to: 'SW1AZZZZZZZ' }]);
  });
});
