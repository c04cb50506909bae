import { describe, expect, it } from 'vitest';
import {
  annualisingText,
  COUNTED_FORCE_IDS,
  COUNTED_FORCES,
  countedForceById,
  coverageOf,
  isCountedForce,
  outsideRegion,
  paceText,
  TERRITORIAL_FORCES,
  uncountedForceText,
} from './coverage.ts';

const ALL = TERRITORIAL_FORCES.map((f) => f.id);

describe('one statement of what the police data covers', () => {
  it('says England and Wales only for all 43 territorial forces', () => {
    const all = coverageOf(ALL, '2025-04', '2026-03', false);
    expect(all.area).toBe('England and Wales');
    expect(all.text).toBe('all 43 forces in England and Wales, April 2025 to March 2026');
    expect(all.territorialForces).toBe(43);
  });

  it('counts territorial forces, names British Transport Police apart, and leaves Northern Ireland out', () => {
    const held = [...ALL.filter((id) => id !== 'greater-manchester'), 'btp', 'northern-ireland'];
    const coverage = coverageOf(held, '2025-04', '2026-03', false);
    expect(coverage.territorialForces).toBe(42);
    expect(coverage.forces).toHaveLength(43);
    expect(coverage.forces).not.toContain('Police Service of Northern Ireland');
    expect(coverage.area).toBe('42 of 43 forces in England and Wales');
    expect(coverage.text).toBe(
      '42 of 43 forces in England and Wales (all but Greater Manchester Police) and British Transport Police, April 2025 to March 2026',
    );
  });

  it('words exactly the forces it counts, from the one list of counted forces', () => {
    // Every subset shape: all, all but a few, a few, with and without the forces beside the 43.
    const shapes = [
      ALL,
      ALL.slice(1),
      ALL.slice(0, 3),
      [...ALL.slice(5), 'btp'],
      [...ALL.slice(0, 2), 'btp', 'northern-ireland'],
      ['northern-ireland'],
    ];
    for (const ids of shapes) {
      const coverage = coverageOf(ids, '2025-04', '2026-03', false);
      const counted = COUNTED_FORCES.filter((f) => ids.includes(f.id));
      expect(coverage.forces).toEqual(counted.map((f) => f.name).sort());
      const territorial = counted.filter((f) => TERRITORIAL_FORCES.includes(f));
      expect(coverage.territorialForces).toBe(territorial.length);
      expect(coverage.ofTerritorialForces).toBe(TERRITORIAL_FORCES.length);
      // The number the words say is the number counted.
      const said = /^(\d+) of (\d+) forces/.exec(coverage.text);
      if (territorial.length === TERRITORIAL_FORCES.length) expect(coverage.area).toBe('England and Wales');
      else expect(said?.slice(1).map(Number)).toEqual([territorial.length, TERRITORIAL_FORCES.length]);
      expect(coverage.text.includes('British Transport Police')).toBe(ids.includes('btp'));
      expect(coverage.text).not.toContain('Northern Ireland');
    }
  });

  it('counts the 43 forces of England and Wales and British Transport Police, and offers no other', () => {
    expect(TERRITORIAL_FORCES).toHaveLength(43);
    expect(COUNTED_FORCE_IDS).toHaveLength(44);
    expect(COUNTED_FORCE_IDS).toContain('btp');
    expect(isCountedForce('northern-ireland')).toBe(false);
    expect(countedForceById('northern-ireland')).toBeUndefined();
    expect(countedForceById('btp')?.name).toBe('British Transport Police');
    expect(uncountedForceText('northern-ireland')).toBe(
      'Police Service of Northern Ireland polices outside England and Wales: the police data here covers England and Wales only.',
    );
  });

  it('names the few forces held, and says when the data is the sample', () => {
    const coverage = coverageOf(['kent', 'surrey'], '2025-09', '2025-09', true);
    expect(coverage.text).toBe(
      '2 of 43 forces in England and Wales (Kent Police and Surrey Police), September 2025 (synthetic sample)',
    );
  });
});

describe('the pace', () => {
  it('is worded right for one month and for several', () => {
    expect(paceText(12)).toBe('the latest 12 months with data');
    expect(paceText(1)).toBe('the latest month with data');
    expect(annualisingText(6)).toBe('count ÷ 6 × 12');
    expect(annualisingText(1)).toBe('count × 12');
    expect(annualisingText(12)).toBeNull();
  });
});

describe('postcodes outside England and Wales', () => {
  it('knows Scotland, Northern Ireland and the islands by their areas', () => {
    expect(outsideRegion('BT1 1AA')).toBe('Northern Ireland');
    expect(outsideRegion('EH1 1YZ')).toBe('Scotland');
    expect(outsideRegion('G1 1XQ')).toBe('Scotland');
    expect(outsideRegion('TD1 1AA')).toBe('Scotland');
    expect(outsideRegion('JE2 3AB')).toBe('the Channel Islands');
    expect(outsideRegion('IM1 1AA')).toBe('the Isle of Man');
  });

  it('leaves English and Welsh postcodes alone, Berwick and GL (not G) included', () => {
    for (const postcode of ['SW1A 1AA', 'TD15 1AA', 'GL1 1AA', 'CF10 1AA', 'M1 1AE', 'B33 8TH'])
      expect(outsideRegion(postcode), postcode).toBeNull();
  });
});
