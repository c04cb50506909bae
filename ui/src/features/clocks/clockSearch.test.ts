import { describe, expect, it } from 'vitest';
import { isKioskSearch, validateClockSearch } from './clockSearch.ts';
import { kioskGrid } from './kioskGrid.ts';

describe('clock page search', () => {
  it('turns on the kiosk view for ?kiosk=1 and its spellings', () => {
    for (const kiosk of [1, '1', true, 'true']) expect(validateClockSearch({ kiosk })).toEqual({ kiosk: 1 });
  });

  it('leaves it off otherwise', () => {
    for (const kiosk of [0, '0', false, 'yes', undefined, 2])
      expect(validateClockSearch({ kiosk })).toEqual({});
  });

  it('carries an area, written the way the server names it, and drops one it does not know', () => {
    expect(validateClockSearch({ area: 'postcode:sw1a 1aa', kiosk: 1 })).toEqual({
      kiosk: 1,
      area: 'postcode:SW1A1AA',
    });
    expect(validateClockSearch({ area: 'neighbourhood:kent:MW01' })).toEqual({
      area: 'neighbourhood:kent:MW01',
    });
    for (const area of ['force:atlantis', 'kent', 42, '<script>'])
      expect(validateClockSearch({ area })).toEqual({});
  });

  it('tells the root layout which pages go without the site header and footer', () => {
    expect(isKioskSearch(validateClockSearch({ kiosk: 1 }))).toBe(true);
    expect(isKioskSearch(validateClockSearch({}))).toBe(false);
  });
});

describe('kioskGrid', () => {
  it('fits the 13 police categories (and the 13 survey ones) into two rows', () => {
    expect(kioskGrid(13)).toEqual({ columns: 7, rows: 2 });
  });

  it('has a slot for every card', () => {
    for (let n = 0; n <= 30; n++) {
      const { columns, rows } = kioskGrid(n);
      expect(columns * rows).toBeGreaterThanOrEqual(n);
      expect(columns).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('wall-screen theme', () => {
  it('takes light or dark, and nothing else', () => {
    expect(validateClockSearch({ kiosk: 1, theme: 'light' })).toEqual({ kiosk: 1, theme: 'light' });
    expect(validateClockSearch({ kiosk: 1, theme: 'dark' })).toEqual({ kiosk: 1, theme: 'dark' });
    expect(validateClockSearch({ kiosk: 1, theme: 'neon' })).toEqual({ kiosk: 1 });
  });
});
