import { describe, expect, it } from 'vitest';
import { annualisingText, coverageOf, outsideRegion, paceText, TERRITORIAL_FORCES } from './coverage.ts';

const ALL = TERRITORIAL_FORCES.map((f) => f.id);

describe('one statement of what the police data covers', () => {
  it('says England and Wales only for all 43 territorial forces', () => {
    const all = coverageOf(ALL, '2025-04', '2026-03', false);
    expect(all.area).toBe('England and Wales');
    expect(all.text).toBe('England and Wales, April 2025 to March 2026');
    expect(all.territorialForces).toBe(43);
  });

  it('counts territorial forces only, and names British Transport Police and Northern Ireland apart', () => {
    const held = [...ALL.filter((id) => id !== 'greater-manchester'), 'btp', 'northern-ireland'];
    const coverage = coverageOf(held, '2025-04', '2026-03', false);
    expect(coverage.territorialForces).toBe(42);
    expect(coverage.forces).toHaveLength(44);
    expect(coverage.area).toBe('42 of 43 forces in England and Wales');
    expect(coverage.text).toBe(
      '42 of 43 forces in England and Wales (all but Greater Manchester Police) and British Transport Police and Police Service of Northern Ireland, April 2025 to March 2026',
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
