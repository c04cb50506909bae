import { describe, expect, it } from 'vitest';
import { areaForceIds, silentForcesOf } from './offer.ts';

describe('silentForcesOf', () => {
  it('names a force that stopped publishing street crime, with the month it stopped', () => {
    expect(silentForcesOf(['greater-manchester', 'btp'])).toEqual([
      { id: 'greater-manchester', name: 'Greater Manchester Police', since: '2019-07' },
    ]);
  });

  it('finds none among forces that publish', () => {
    expect(silentForcesOf(['kent', 'metropolitan'])).toEqual([]);
    expect(silentForcesOf([])).toEqual([]);
  });
});

describe('areaForceIds', () => {
  it("takes a force's or a neighbourhood's own force from the area id", () => {
    expect(areaForceIds('force:greater-manchester')).toEqual(['greater-manchester']);
    expect(areaForceIds('neighbourhood:kent:ABC')).toEqual(['kent']);
  });

  it('adds the forces a search or a clock of the area named, once each', () => {
    expect(areaForceIds('postcode:M10AG', [{ id: 'btp' }, { id: 'greater-manchester' }])).toEqual([
      'btp',
      'greater-manchester',
    ]);
    expect(areaForceIds('force:kent', [{ id: 'kent' }])).toEqual(['kent']);
    expect(areaForceIds('postcode:SW1A1AA')).toEqual([]);
  });
});
