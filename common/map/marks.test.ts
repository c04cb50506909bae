import { describe, expect, it } from 'vitest';
import { cellOf } from '../geo/grid.ts';
import type { ApiCrime } from '../search/types.ts';
import { frameAt, toFrame } from './frame.ts';
import { hexAt } from './hexbin.ts';
import {
  cellCentre,
  hexMarkId,
  hexSizeFor,
  markIdOf,
  markIdOfCrime,
  parseCategoryList,
  parseMarkId,
  pointMarkId,
  shownCounts,
  HEXAGONS_ACROSS,
} from './marks.ts';

const CENTRE = { lat: 51.5074, lng: -0.1278 };

describe('mark ids', () => {
  it('round-trips points and hexagons', () => {
    const point = { lat: 51.501234, lng: -0.123456 };
    expect(parseMarkId(pointMarkId(point))).toEqual({ kind: 'point', ...point });
    expect(parseMarkId(hexMarkId({ q: -12, r: 7 }))).toEqual({ kind: 'hex', q: -12, r: 7 });
    expect(parseMarkId(pointMarkId({ lat: 52, lng: 5e-7 }))).toEqual({ kind: 'point', lat: 52, lng: 5e-7 });
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'p',
      'p51.5',
      'p91,0',
      'p51,181',
      'h1',
      'h1.5,2',
      'x1,2',
      'p51.5,-0.1;drop',
      'h12345678,1',
    ])
      expect(parseMarkId(text), text).toBeUndefined();
  });
});

describe('a location and its mark', () => {
  const frame = frameAt(CENTRE);
  const here = { lat: 51.51, lng: -0.12 };

  it('is the location itself when points are drawn', () => {
    expect(markIdOf(here, { kind: 'points' }, frame)).toBe('p51.51,-0.12');
  });

  it('is the hexagon holding the location, or holding its grid cell centre', () => {
    const size = 50;
    expect(markIdOf(here, { kind: 'hexagons', size, by: 'point' }, frame)).toBe(
      hexMarkId(hexAt(toFrame(frame, here), size)),
    );
    const centre = cellCentre(here)!;
    expect(cellOf(centre.lat, centre.lng)).toBe(cellOf(here.lat, here.lng));
    expect(markIdOf(here, { kind: 'hexagons', size: 800, by: 'cell' }, frame)).toBe(
      hexMarkId(hexAt(toFrame(frame, centre), 800)),
    );
  });

  it('is found from a listed crime, whose coordinates are text', () => {
    const crime = {
      location: { latitude: '51.51', longitude: '-0.12', street: { name: null } },
    } as unknown as ApiCrime;
    expect(markIdOfCrime(crime, { kind: 'points' }, frame)).toBe('p51.51,-0.12');
    expect(markIdOfCrime({ ...crime, location: null }, { kind: 'points' }, frame)).toBeUndefined();
  });
});

describe('hexagon size', () => {
  it('fits the stated number of hexagons across the area, never under the minimum', () => {
    const size = hexSizeFor(3200);
    expect((3200 / (size * Math.sqrt(3))).toFixed(6)).toBe(HEXAGONS_ACROSS.toFixed(6));
    expect(hexSizeFor(100, 25)).toBe(25);
  });
});

describe('categories', () => {
  it('parses a list, dropping repeats and naming words that are not categories', () => {
    expect(parseCategoryList('burglary, drugs,burglary,,nonsense')).toEqual({
      categories: ['burglary', 'drugs'],
      unknown: ['nonsense'],
    });
  });

  it('counts a mark over the shown categories and names the largest', () => {
    const mark = { id: 'x', lat: 0, lng: 0, total: 6, counts: { burglary: 2, drugs: 3, robbery: 1 } };
    expect(shownCounts(mark, null)).toEqual({ total: 6, top: 'drugs' });
    expect(shownCounts(mark, new Set(['burglary', 'robbery'] as const))).toEqual({
      total: 3,
      top: 'burglary',
    });
    expect(shownCounts(mark, new Set(['shoplifting'] as const))).toEqual({ total: 0, top: null });
  });
});
