import { describe, expect, it } from 'vitest';
import type { StopSearchAnswer as StopSearchResponse } from '../../../../common/contracts/forces.ts';
import { stopSearchEmpty, stopSearchText, type StopSearchScope } from './stopSearchText.ts';

const STOP_SEARCH_EMPTY = stopSearchEmpty('en');

const POSTCODE: StopSearchScope = {
  kind: 'area',
  position: { latitude: 51.5, longitude: -0.14 },
  radiusSearch: true,
};
const MET: StopSearchScope = { kind: 'force', forceId: 'metropolitan', name: 'Metropolitan Police Service' };

function answer(totalStops: number, withoutLocation: [string, number][]): StopSearchResponse {
  return {
    month: '2025-04',
    scope: 'force',
    hasData: true,
    records: [],
    withoutLocation: withoutLocation.map(([name, stops]) => ({ forceId: name.toLowerCase(), name, stops })),
    stats: { totalStops, arrests: 0, noAction: 0, outcomeBreakdown: [], ethnicityBreakdown: [] },
  };
}

describe('stop and search card text', () => {
  it("names a Welsh force by its Welsh name on a Welsh page, in the force's description and its unlocated stops", () => {
    const scope: StopSearchScope = { kind: 'force', forceId: 'south-wales', name: 'South Wales Police' };
    const located = answer(5, []);
    const unlocated = {
      ...answer(0, []),
      withoutLocation: [{ forceId: 'south-wales', name: 'South Wales Police', stops: 2 }],
    };
    expect(stopSearchText(scope, located, '2025-04', 'cy').description).toContain('gan Heddlu De Cymru');
    expect(stopSearchText(scope, located, '2025-04', 'en').description).toContain('South Wales Police');
    expect(stopSearchText(POSTCODE, unlocated, '2025-04', 'cy').notes.join(' ')).toContain(
      'gan Heddlu De Cymru',
    );
  });

  it('for an area with no located stops but unlocated ones, says so instead of "no data"', () => {
    const text = stopSearchText(POSTCODE, answer(0, [['Metropolitan Police Service', 1234]]), undefined);
    expect(text.empty).toBeNull();
    expect(text.notes).toEqual([
      'No stops with a location here; 1,234 stops by Metropolitan Police Service in April 2025 had no location.',
    ]);
    expect(text.description).toBe('Within 1 mile of the postcode, April 2025.');
  });

  it('for an area with located stops, says the unlocated ones are not counted, naming each force', () => {
    const text = stopSearchText(
      { ...POSTCODE, radiusSearch: false },
      answer(20, [
        ['Kent Police', 1],
        ['Sussex Police', 3],
      ]),
      '2025-04',
    );
    expect(text).toEqual({
      description: "Within 1 mile of the area's centre, April 2025.",
      notes: [
        '1 stop by Kent Police and 3 stops by Sussex Police in April 2025 had no location, so they are not counted here.',
      ],
      empty: null,
    });
  });

  it('says "no data" only when there are no stops at all', () => {
    expect(stopSearchText(POSTCODE, answer(0, []), '2025-04')).toMatchObject({
      notes: [],
      empty: STOP_SEARCH_EMPTY,
    });
    expect(stopSearchText(MET, answer(0, []), '2025-04')).toMatchObject({
      notes: [],
      empty: STOP_SEARCH_EMPTY,
    });
    expect(stopSearchText(POSTCODE, undefined, undefined)).toEqual({
      description: 'Within 1 mile of the postcode, latest month available.',
      notes: [],
      empty: null,
    });
  });

  it('for a force, counts the stops without a location in its totals and says they are included', () => {
    expect(stopSearchText(MET, answer(40, [['Metropolitan Police Service', 40]]), undefined)).toEqual({
      description: 'All stops by Metropolitan Police Service, April 2025.',
      notes: ['Includes 40 stops without a location.'],
      empty: null,
    });
    expect(stopSearchText(MET, answer(40, []), undefined).notes).toEqual([]);
  });
});
