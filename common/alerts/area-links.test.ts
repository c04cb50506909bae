import { describe, expect, it } from 'vitest';
import { parseClockAreaId } from '../clock/area.ts';
import { areaClockPath, areaIdOfSearch, areaSearchPath } from './area-links.ts';

describe('area links', () => {
  it("names each kind of area's search the way the search page reads its URL", () => {
    expect(areaSearchPath(parseClockAreaId('postcode:SW1A1AA')!)).toBe(
      '/search?type=radius&postcode=SW1A+1AA',
    );
    expect(areaSearchPath(parseClockAreaId('force:kent')!, '2025-07')).toBe(
      '/search?type=force&force=kent&period=single&month=2025-07',
    );
    expect(areaSearchPath(parseClockAreaId('neighbourhood:kent:MW 01')!)).toBe(
      '/search?type=neighbourhood&force=kent&neighbourhood=MW+01',
    );
  });

  it("links the area's clock", () => {
    expect(areaClockPath('neighbourhood:kent:MW01')).toBe(
      '/police-crime-clock?area=neighbourhood%3Akent%3AMW01',
    );
  });

  it("gives a search's area id, none for the whole store", () => {
    expect(areaIdOfSearch({ searchType: 'radius', postcode: 'sw1a 1aa' })).toBe('postcode:SW1A1AA');
    expect(areaIdOfSearch({ searchType: 'force', forceId: 'kent' })).toBe('force:kent');
    expect(areaIdOfSearch({ searchType: 'neighbourhood', forceId: 'kent', neighbourhoodId: 'MW01' })).toBe(
      'neighbourhood:kent:MW01',
    );
    expect(areaIdOfSearch({ searchType: 'default' })).toBeUndefined();
    expect(areaIdOfSearch({ searchType: 'force', forceId: 'nowhere' })).toBeUndefined();
  });
});
