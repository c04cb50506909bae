import { describe, expect, it } from 'vitest';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import { silentAreaHeading, silentAreaWords } from './searchWords.ts';

// Around M1 0AG: Greater Manchester Police published nothing for the months searched; British
// Transport Police did, and may or may not have crimes in the circle.
const manchester = (others: { id: string; name: string }[]) =>
  rateWithheld(
    {
      totalMonths: 3,
      forcesWithoutData: [
        {
          id: 'greater-manchester',
          name: 'Greater Manchester Police',
          months: ['2025-07', '2025-08', '2025-09'],
        },
      ],
      forcesWithData: others,
    },
    { crimeRates: { months: ['2025-07', '2025-08', '2025-09'] } },
  )!;
const BTP = [{ id: 'btp', name: 'British Transport Police' }];
const AREA = '1 mile around M1 0AG';
const PERIOD = 'July 2025 to September 2025';
const ZERO_CLAIMS = /\b0 crimes|no crimes were recorded|0 trosedd|ni chofnodwyd/i;

describe('an area whose own force published nothing', () => {
  it('names the silent force and since when, and whose crimes are shown, in English and Welsh', () => {
    expect(silentAreaWords(manchester(BTP), 'en')).toBe(
      'Greater Manchester Police has published no street-level crime data since July 2019. Only crimes recorded by British Transport Police are shown here.',
    );
    expect(silentAreaWords(manchester(BTP), 'cy')).toBe(
      'Nid yw Greater Manchester Police wedi cyhoeddi data troseddu ar lefel stryd ers Gorffennaf 2019. Dim ond troseddau a gofnodwyd gan British Transport Police a ddangosir yma.',
    );
    expect(silentAreaWords(manchester([]), 'en')).toBe(
      "Greater Manchester Police has published no street-level crime data since July 2019. No other force's crimes are in the data for this area.",
    );
  });

  it('heads the results with no count of zero, and counts the other force as its own', () => {
    for (const locale of ['en', 'cy'] as const) {
      for (const total of [0, null]) {
        const heading = silentAreaHeading(manchester(BTP), total, AREA, PERIOD, locale);
        expect(heading).not.toMatch(ZERO_CLAIMS);
        expect(heading).toContain('Greater Manchester Police');
      }
    }
    expect(silentAreaHeading(manchester(BTP), 0, AREA, PERIOD, 'en')).toBe(
      '1 mile around M1 0AG, July 2025 to September 2025: no data from Greater Manchester Police',
    );
    expect(silentAreaHeading(manchester(BTP), 12, AREA, PERIOD, 'en')).toBe(
      '12 crimes recorded by British Transport Police found for 1 mile around M1 0AG, July 2025 to September 2025',
    );
    expect(silentAreaHeading(manchester(BTP), 12, AREA, PERIOD, 'cy')).toMatch(
      /^12 trosedd a gofnodwyd gan British Transport Police ar gyfer/,
    );
  });
});
