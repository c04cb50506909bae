import { describe, expect, it } from 'vitest';
import type { ApiCrime, SearchResponse } from '../../../../common/search/types.ts';
import { teamFor } from './policeTeam.ts';

function result(
  dataInfo: Partial<SearchResponse['dataInfo']> & Pick<SearchResponse['dataInfo'], 'searchType' | 'area'>,
  forces: string[] = [],
): SearchResponse {
  return {
    data: forces.map((force_id, id) => ({ id, force_id }) as ApiCrime),
    dataInfo: dataInfo as SearchResponse['dataInfo'],
  } as SearchResponse;
}

describe('teamFor', () => {
  it("shows a neighbourhood search's own team", () => {
    expect(
      teamFor(
        result({
          searchType: 'neighbourhood',
          area: {
            label: 'Soho, Metropolitan Police Service',
            postcode: null,
            forceId: 'metropolitan',
            neighbourhoodId: 'E05000649',
          },
        }),
      ),
    ).toEqual({
      forceId: 'metropolitan',
      neighbourhoodId: 'E05000649',
      label: 'Soho, Metropolitan Police Service',
    });
  });

  it("shows a force search's senior officers", () => {
    expect(
      teamFor(
        result({
          searchType: 'force',
          area: { label: 'Kent Police', postcode: null, forceId: 'kent', neighbourhoodId: null },
        }),
      ),
    ).toMatchObject({ forceId: 'kent', label: 'Kent Police' });
  });

  it("names a Welsh force's team by the force's Welsh name on a Welsh page", () => {
    const force = result({
      searchType: 'force',
      area: { label: 'South Wales Police', postcode: null, forceId: 'south-wales', neighbourhoodId: null },
    });
    expect(teamFor(force, 'cy')?.label).toBe('Heddlu De Cymru');
    expect(teamFor(force, 'en')?.label).toBe('South Wales Police');
    const neighbourhood = result({
      searchType: 'neighbourhood',
      area: {
        label: 'Splott, South Wales Police',
        postcode: null,
        forceId: 'south-wales',
        neighbourhoodId: 'CF1',
      },
    });
    expect(teamFor(neighbourhood, 'cy')?.label).toBe('Splott, Heddlu De Cymru');
  });

  it('takes the force of most crimes on screen for a radius search, and none without crimes', () => {
    const area = {
      label: '1 mile around EC2V 7HH',
      postcode: 'EC2V 7HH',
      forceId: null,
      neighbourhoodId: null,
    };
    expect(
      teamFor(result({ searchType: 'radius', area }, ['city-of-london', 'metropolitan', 'metropolitan'])),
    ).toEqual({ forceId: 'metropolitan', label: 'Metropolitan Police Service' });
    expect(teamFor(result({ searchType: 'radius', area }))).toBeNull();
  });
});
