import { describe, expect, it } from 'vitest';
import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { noDataReason } from './noDataReason.ts';

const base: SearchDataInfo = {
  searchType: 'radius',
  timeRange: { start: '2025-04', end: '2025-06', label: 'April 2025 to June 2025', preset: null },
  totalMonths: 3,
  radius: 1,
  area: { label: '1 mile around EH1 1YZ', postcode: 'EH1 1YZ', forceId: null, neighbourhoodId: null },
  monthsWithoutData: ['2025-04', '2025-05', '2025-06'],
  forcesWithoutData: [],
  synthetic: false,
  dataVersion: '3:2025-07-01',
  latestMonth: '2025-06',
};

describe('noDataReason', () => {
  it('says a postcode no force of England and Wales covers is outside the data', () => {
    expect(noDataReason(base)).toMatch(/No police force of England and Wales covers this postcode/);
  });

  it('names the force that published nothing, and the months', () => {
    const text = noDataReason({
      ...base,
      searchType: 'force',
      forcesWithoutData: [
        { id: 'greater-manchester', name: 'Greater Manchester Police', months: ['2025-04'] },
      ],
    });
    // A force known to have stopped says since when, not only the months asked.
    expect(text).toBe('Greater Manchester Police has published no street-level crime data since July 2019.');
    const kent = noDataReason({
      ...base,
      searchType: 'force',
      forcesWithoutData: [{ id: 'kent', name: 'Kent Police', months: ['2025-04'] }],
    });
    expect(kent).toMatch(/^Kent Police has published no street-level crime data for April 2025 to June 2025/);
    expect(kent).toMatch(/do not publish/);
  });

  it('names a Welsh force by its Welsh name on a Welsh page', () => {
    const silent = {
      ...base,
      searchType: 'force' as const,
      forcesWithoutData: [{ id: 'south-wales', name: 'South Wales Police', months: ['2025-04'] }],
    };
    expect(noDataReason(silent, 'cy')).toMatch(/^Nid yw Heddlu De Cymru wedi cyhoeddi/);
    expect(noDataReason(silent, 'en')).toMatch(/^South Wales Police has published/);
  });

  it('lists several forces', () => {
    const text = noDataReason({
      ...base,
      forcesWithoutData: [
        { id: 'a', name: 'A Police', months: [] },
        { id: 'b', name: 'B Police', months: [] },
      ],
    });
    expect(text).toMatch(/^A Police and B Police have published/);
  });

  it('for a force with nothing known, says the months are not released or imported', () => {
    expect(noDataReason({ ...base, searchType: 'force', monthsWithoutData: ['2025-06'] })).toMatch(
      /June 2025: those months have not been released or imported yet/,
    );
  });

  it('says it in Welsh on a Welsh page, with Welsh months', () => {
    expect(noDataReason(base, 'cy')).toMatch(/^Nid oes heddlu yng Nghymru a Lloegr/);
    const text = noDataReason(
      {
        ...base,
        searchType: 'force',
        forcesWithoutData: [
          { id: 'greater-manchester', name: 'Greater Manchester Police', months: ['2025-04'] },
        ],
      },
      'cy',
    );
    expect(text).toBe(
      'Nid yw Greater Manchester Police wedi cyhoeddi data troseddu ar lefel stryd ers Gorffennaf 2019.',
    );
  });
});
