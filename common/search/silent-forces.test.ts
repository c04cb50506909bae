import { describe, expect, it } from 'vitest';
import { rateWithheld } from './silent-forces.ts';

const months = ['2025-07', '2025-08', '2025-09'];
const gmp = { id: 'greater-manchester', name: 'Greater Manchester Police', months };
const btp = { id: 'btp', name: 'British Transport Police' };
const rates = { crimeRates: { months } };

describe('rateWithheld', () => {
  it('withholds the rate where the area’s force published nothing, naming the forces found', () => {
    const withheld = rateWithheld({ forcesWithoutData: [gmp], forcesWithData: [btp], totalMonths: 3 }, rates);
    expect(withheld?.silentForces).toEqual([{ id: 'greater-manchester', name: 'Greater Manchester Police' }]);
    expect(withheld?.otherForces).toEqual([btp]);
    expect(withheld?.reason).toContain('Greater Manchester Police has published no street-level crime data');
    expect(withheld?.reason).toContain(
      'recorded by British Transport Police, not by Greater Manchester Police',
    );
  });

  it('says a force published nothing for the months searched when no known gap explains it', () => {
    const kent = { id: 'kent', name: 'Kent Police', months };
    const withheld = rateWithheld({ forcesWithoutData: [kent], forcesWithData: [], totalMonths: 3 }, rates);
    expect(withheld?.reason).toMatch(
      /^Kent Police published no street-level crime data for the months searched\./,
    );
    expect(withheld?.otherForces).toEqual([]);
  });

  it('keeps the rate when the force missed only some of the months counted', () => {
    const partly = { ...gmp, months: ['2025-08'] };
    expect(
      rateWithheld({ forcesWithoutData: [partly], forcesWithData: [btp], totalMonths: 3 }, rates),
    ).toBeUndefined();
  });

  it('keeps the rate when every force published', () => {
    expect(
      rateWithheld({ forcesWithoutData: [], forcesWithData: [btp], totalMonths: 3 }, rates),
    ).toBeUndefined();
  });

  it('says why when no month has data because the only force published nothing', () => {
    const none = { crimeRates: { months: [] } };
    const withheld = rateWithheld({ forcesWithoutData: [gmp], totalMonths: 3 }, none);
    expect(withheld?.reason).toContain('Greater Manchester Police has published no street-level crime data');
    expect(withheld?.reason).not.toContain('recorded by');
    // Months not yet released are not a force's silence.
    const lagging = { ...gmp, months: ['2025-09'] };
    expect(rateWithheld({ forcesWithoutData: [lagging], totalMonths: 3 }, none)).toBeUndefined();
  });
});
