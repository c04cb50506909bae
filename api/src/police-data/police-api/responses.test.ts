import { describe, expect, it } from 'vitest';
import {
  UnexpectedResponseError,
  parseBoundary,
  parseForces,
  parseMembers,
  parseNeighbourhoods,
  parsePublishedMonths,
} from './responses.ts';

const byId = (id: string) => `fallback for ${id}`;

describe('parseForces', () => {
  it('keeps id and name, falls back when the name is null, skips rows without an id', () => {
    const body = [
      { id: 'avon-and-somerset', name: 'Avon and Somerset Constabulary' },
      { id: 'btp', name: null },
      { id: '', name: 'No id' },
      { name: 'Missing id' },
      'not an object',
    ];
    expect(parseForces(body, byId)).toEqual([
      { id: 'avon-and-somerset', name: 'Avon and Somerset Constabulary' },
      { id: 'btp', name: 'fallback for btp' },
    ]);
  });

  it('refuses a body that is not a list', () => {
    expect(() => parseForces({ error: 'x' }, byId)).toThrow(UnexpectedResponseError);
    expect(() => parseForces(null, byId)).toThrow(UnexpectedResponseError);
  });
});

describe('parseNeighbourhoods', () => {
  it('decodes entities in names and uses the id when the name is missing', () => {
    expect(
      parseNeighbourhoods([
        { id: 'NC04', name: 'City Centre' },
        { id: 'NH10', name: 'Hinckley Town &amp; Burbage' },
        { id: 'X1', name: null },
      ]),
    ).toEqual([
      { id: 'NC04', name: 'City Centre' },
      { id: 'NH10', name: 'Hinckley Town & Burbage' },
      { id: 'X1', name: 'X1' },
    ]);
  });
});

describe('parseBoundary', () => {
  it('turns string coordinates into numbers and drops unreadable points', () => {
    expect(
      parseBoundary([
        { latitude: '52.6394052587', longitude: '-1.1458618876' },
        { latitude: 52.64, longitude: -1.14 },
        { latitude: '', longitude: '-1.1' },
        { latitude: 'abc', longitude: '-1.1' },
        { latitude: '91', longitude: '0' },
      ]),
    ).toEqual([
      { latitude: 52.6394052587, longitude: -1.1458618876 },
      { latitude: 52.64, longitude: -1.14 },
    ]);
  });
});

describe('parseMembers', () => {
  it('sanitises the bio and keeps only usable contact details', () => {
    const [member] = parseMembers([
      {
        name: 'Sgt Alex Example',
        rank: 'Sergeant',
        bio: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">me</a></p>',
        contact_details: {
          email: 'city.centre@example.police.uk',
          telephone: '101',
          twitter: 'http://www.twitter.com/example',
          facebook: 'www.facebook.com/example',
          web: 'javascript:alert(1)',
          youtube: '',
          address: 'Mansfield House<br />74 Belgrave Gate',
          blog: 42,
          rss: { nested: true },
        },
      },
    ]);
    expect(member).toEqual({
      name: 'Sgt Alex Example',
      rank: 'Sergeant',
      bio: '<p>Hello me</p>',
      contact_details: {
        email: 'city.centre@example.police.uk',
        telephone: '101',
        twitter: 'http://www.twitter.com/example',
        facebook: 'https://www.facebook.com/example',
        address: 'Mansfield House 74 Belgrave Gate',
      },
    });
  });

  it('handles missing bio, rank and contact details, and skips nameless members', () => {
    expect(
      parseMembers([
        { name: 'PC Sam Example', rank: null, bio: null, contact_details: [] },
        { name: 'PCSO Jo Example', rank: 'PCSO', bio: '<script>only()</script>' },
        { name: '', rank: 'PC' },
        { rank: 'PC' },
      ]),
    ).toEqual([
      { name: 'PC Sam Example', rank: null, bio: null, contact_details: {} },
      { name: 'PCSO Jo Example', rank: 'PCSO', bio: null, contact_details: {} },
    ]);
  });

  it('refuses an email that is not an address', () => {
    const [member] = parseMembers([
      { name: 'A', contact_details: { email: 'not an email', telephone: '<b>0116</b> 222 2222' } },
    ]);
    expect(member?.contact_details).toEqual({ telephone: '0116 222 2222' });
  });
});

describe('parsePublishedMonths', () => {
  it('keeps the months in their order and skips entries without a month', () => {
    const body = [
      { date: '2025-06', 'stop-and-search': ['kent'] },
      { date: '2025-13' },
      { date: 202505 },
      null,
      ['2025-04'],
      { date: '2025-05', 'stop-and-search': [] },
    ];
    expect(parsePublishedMonths(body)).toEqual(['2025-06', '2025-05']);
  });

  it('refuses a body that is no list, or lists no month', () => {
    expect(() => parsePublishedMonths({ date: '2025-06' })).toThrow(UnexpectedResponseError);
    expect(() => parsePublishedMonths([{ date: 'June' }])).toThrow(/with no month in it/);
  });
});
