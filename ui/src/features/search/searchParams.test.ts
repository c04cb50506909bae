import { describe, expect, it } from 'vitest';
import {
  draftFromUrl,
  requestFromUrl,
  searchKey,
  urlFromDraft,
  validateSearchUrl,
  type SearchDraft,
} from './searchParams.ts';

const blankDraft: SearchDraft = draftFromUrl({});

describe('validateSearchUrl', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(
      validateSearchUrl({
        type: 'radius',
        postcode: ' sw1a 1aa ',
        period: '6months',
        page: 3,
        extra: 'ignored',
      }),
    ).toEqual({ type: 'radius', postcode: 'SW1A 1AA', period: '6months', page: 3 });
    expect(validateSearchUrl({ type: 'everything', period: 'forever', page: -2, postcode: '' })).toEqual({});
  });

  it('leaves out the defaults: 3 months and page 1', () => {
    expect(validateSearchUrl({ type: 'force', force: 'kent', period: '3months', page: 1 })).toEqual({
      type: 'force',
      force: 'kent',
    });
  });

  it('reads an all-digit id that the router parsed as a number as text', () => {
    expect(
      validateSearchUrl({ type: 'neighbourhood', force: 'kent', neighbourhood: 1234 }).neighbourhood,
    ).toBe('1234');
  });

  it('keeps months only for the period that uses them, and only real months', () => {
    expect(validateSearchUrl({ period: 'single', month: '2025-06', from: '2025-01' })).toEqual({
      period: 'single',
      month: '2025-06',
    });
    expect(validateSearchUrl({ period: 'range', from: '2025-01', to: '2025-13' })).toEqual({
      period: 'range',
      from: '2025-01',
    });
    expect(validateSearchUrl({ period: '6months', month: '2025-06' })).toEqual({ period: '6months' });
  });

  it('refuses very long text', () => {
    expect(validateSearchUrl({ force: 'x'.repeat(500) })).toEqual({});
  });
});

describe('map state in the URL', () => {
  it('keeps hidden categories in one canonical order and drops unknown ones', () => {
    expect(validateSearchUrl({ type: 'radius', hide: 'robbery,nonsense,burglary,robbery' })).toMatchObject({
      hide: 'burglary,robbery',
    });
    expect(validateSearchUrl({ type: 'radius', hide: 'nonsense' }).hide).toBeUndefined();
  });

  it('keeps a well-formed mark and drops anything else', () => {
    expect(validateSearchUrl({ at: 'p51.5074,-0.1278' }).at).toBe('p51.5074,-0.1278');
    expect(validateSearchUrl({ at: 'h-3,12' }).at).toBe('h-3,12');
    expect(validateSearchUrl({ at: 'h1;2' }).at).toBeUndefined();
    expect(validateSearchUrl({ at: 42 }).at).toBeUndefined();
  });

  it('starts a new search without the map state', () => {
    expect(
      urlFromDraft(draftFromUrl({ type: 'radius', postcode: 'SW1A 1AA', hide: 'drugs', at: 'h1,2' })),
    ).toEqual({
      type: 'radius',
      postcode: 'SW1A 1AA',
    });
  });
});

describe('urlFromDraft', () => {
  it('writes a radius search with the canonical postcode and no force', () => {
    expect(
      urlFromDraft({ ...blankDraft, postcode: 'sw1a1aa', forceId: 'kent', neighbourhoodId: 'n1' }),
    ).toEqual({
      type: 'radius',
      postcode: 'SW1A 1AA',
    });
  });

  it('writes a neighbourhood search without the postcode', () => {
    expect(
      urlFromDraft({
        ...blankDraft,
        searchType: 'neighbourhood',
        postcode: 'M1 1AE',
        forceId: 'kent',
        neighbourhoodId: 'n1',
        period: 'range',
        fromMonth: '2025-01',
        toMonth: '2025-03',
      }),
    ).toEqual({
      type: 'neighbourhood',
      force: 'kent',
      neighbourhood: 'n1',
      period: 'range',
      from: '2025-01',
      to: '2025-03',
    });
  });

  it('writes a force search without the neighbourhood', () => {
    expect(
      urlFromDraft({ ...blankDraft, searchType: 'force', forceId: 'kent', neighbourhoodId: 'n1' }),
    ).toEqual({
      type: 'force',
      force: 'kent',
    });
  });

  it('round-trips through the URL', () => {
    const draft: SearchDraft = {
      ...blankDraft,
      searchType: 'force',
      forceId: 'kent',
      period: 'single',
      singleMonth: '2025-02',
    };
    expect(draftFromUrl(validateSearchUrl({ ...urlFromDraft(draft) }))).toEqual(draft);
  });
});

describe('requestFromUrl', () => {
  it('is null before any search', () => {
    expect(requestFromUrl({})).toBeNull();
  });

  it('builds the spec request for a radius search with the default period', () => {
    expect(requestFromUrl({ type: 'radius', postcode: 'SW1A 1AA' })).toEqual({
      postcode: 'SW1A 1AA',
      radius: 1,
      searchType: 'radius',
      startMonth: 'RECENT_3_MONTHS',
      endMonth: '',
      page: 1,
      pageSize: 10,
    });
  });

  it('sends presets with an empty endMonth and months as both bounds', () => {
    expect(requestFromUrl({ type: 'force', force: 'kent', period: 'all' })).toMatchObject({
      startMonth: 'ALL_AVAILABLE',
      endMonth: '',
    });
    expect(
      requestFromUrl({ type: 'force', force: 'kent', period: 'single', month: '2025-06' }),
    ).toMatchObject({
      startMonth: '2025-06',
      endMonth: '2025-06',
    });
    expect(
      requestFromUrl({
        type: 'force',
        force: 'kent',
        period: 'range',
        from: '2025-01',
        to: '2025-06',
        page: 4,
      }),
    ).toMatchObject({ startMonth: '2025-01', endMonth: '2025-06', page: 4 });
  });

  it('builds no date range for single or range without their months', () => {
    const request = requestFromUrl({ type: 'force', force: 'kent', period: 'range', from: '2025-01' });
    expect(request).not.toBeNull();
    expect(request).not.toHaveProperty('startMonth');
    expect(request).not.toHaveProperty('endMonth');
  });

  it('sends the force only for force and neighbourhood searches, the neighbourhood only for neighbourhood', () => {
    expect(requestFromUrl({ type: 'neighbourhood', force: 'kent', neighbourhood: 'n1' })).toMatchObject({
      postcode: '',
      forceId: 'kent',
      neighbourhoodId: 'n1',
    });
    expect(requestFromUrl({ type: 'force', force: 'kent', neighbourhood: 'n1' })).not.toHaveProperty(
      'neighbourhoodId',
    );
  });

  it('runs no search the form would have refused', () => {
    expect(requestFromUrl({ type: 'radius' })).toBeNull();
    expect(requestFromUrl({ type: 'radius', postcode: 'NOT A POSTCODE' })).toBeNull();
    expect(requestFromUrl({ type: 'neighbourhood', force: 'kent' })).toBeNull();
    expect(requestFromUrl({ type: 'force' })).toBeNull();
  });
});

describe('searchKey', () => {
  it('is the same for every page of one search and differs between searches', () => {
    const one = requestFromUrl({ type: 'force', force: 'kent' })!;
    const three = requestFromUrl({ type: 'force', force: 'kent', page: 3 })!;
    const other = requestFromUrl({ type: 'force', force: 'essex' })!;
    expect(searchKey(one)).toBe(searchKey(three));
    expect(searchKey(one)).not.toBe(searchKey(other));
  });
});
