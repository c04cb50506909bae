import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { createPoliceApiClient, DEFAULT_TTL_MS } from './client.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../../../../tests/support/police-api/double.ts';
import { boundaryColumns, syncNeighbourhoods } from './sync-neighbourhoods.ts';

interface StoredNeighbourhood {
  force_id: string;
  id: string;
  name: string;
  boundary: string | null;
  min_lat: number | null;
  max_lat: number | null;
  min_lng: number | null;
  max_lng: number | null;
}

describe('boundaryColumns', () => {
  it('closes the ring in [lng, lat] order and computes the bounding box', () => {
    const columns = boundaryColumns([
      { latitude: 52, longitude: -1 },
      { latitude: 53, longitude: -1 },
      { latitude: 53, longitude: -2 },
    ]);
    expect(columns).toEqual({
      boundary: JSON.stringify([
        [-1, 52],
        [-1, 53],
        [-2, 53],
        [-1, 52],
      ]),
      min_lat: 52,
      max_lat: 53,
      min_lng: -2,
      max_lng: -1,
    });
  });

  it('leaves a ring that is already closed as it is, and refuses fewer than 3 points', () => {
    const closed = [
      { latitude: 1, longitude: 1 },
      { latitude: 2, longitude: 1 },
      { latitude: 2, longitude: 2 },
      { latitude: 1, longitude: 1 },
    ];
    expect(JSON.parse(boundaryColumns(closed)!.boundary!)).toHaveLength(4);
    expect(boundaryColumns(closed.slice(0, 2))).toBeUndefined();
  });
});

describe.each(testDialects)('syncNeighbourhoods on %s', (dialect) => {
  let db: TestDatabase;
  let double: PoliceApiDouble;
  let clock: number;

  const client = () =>
    createPoliceApiClient({
      baseUrl: double.baseUrl,
      sequelize: db.sequelize,
      now: () => new Date(clock),
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });
  const stored = (forceId: string) =>
    db.sequelize.query<StoredNeighbourhood>(
      'SELECT force_id, id, name, boundary, min_lat, max_lat, min_lng, max_lng FROM neighbourhoods WHERE force_id = :forceId ORDER BY id',
      { replacements: { forceId }, type: QueryTypes.SELECT },
    );

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => db?.drop());
  beforeEach(async () => {
    clock = Date.parse('2025-06-02T09:00:00Z');
    double = await startPoliceApiDouble();
    await db.sequelize.query('DELETE FROM police_api_cache');
    await db.sequelize.query('DELETE FROM neighbourhoods');
  });
  afterEach(async () => double?.close());

  it('stores every neighbourhood of the force with its boundary ring and bounding box', async () => {
    const result = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(result).toEqual({
      forceId: 'leicestershire',
      source: 'live',
      reason: undefined,
      neighbourhoods: 3,
      withBoundary: 2,
      missingBoundaries: ['NH10'],
    });

    const rows = await stored('leicestershire');
    expect(rows.map((r) => [r.id, r.name])).toEqual([
      ['NC04', 'City Centre'],
      ['NC66', 'Braunstone & Rowley Fields'],
      ['NH10', 'Hinckley Town'],
    ]);
    const [centre, braunstone, hinckley] = rows;
    const ring = JSON.parse(centre!.boundary!) as [number, number][];
    expect(ring).toEqual([
      [-1.1458618876, 52.6394052587],
      [-1.1274412371, 52.6401136981],
      [-1.1243619121, 52.6307285813],
      [-1.1396707426, 52.6282510035],
      [-1.1458618876, 52.6394052587],
    ]);
    expect(centre).toMatchObject({
      min_lat: 52.6282510035,
      max_lat: 52.6401136981,
      min_lng: -1.1458618876,
      max_lng: -1.1243619121,
    });
    // data.police.uk sent this ring closed already
    expect(JSON.parse(braunstone!.boundary!)).toHaveLength(5);
    expect(hinckley).toMatchObject({ boundary: null, min_lat: null, max_lng: null });
  });

  it('is idempotent, and a later run replaces the force’s set exactly', async () => {
    await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    const once = await stored('leicestershire');
    await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(await stored('leicestershire')).toEqual(once);

    double.data.neighbourhoods.leicestershire = [
      { id: 'NC04', name: 'City Centre &amp; Riverside' },
      { id: 'NC99', name: 'New Area' },
      { id: 'NC99', name: 'New Area (listed twice)' },
    ];
    double.data.boundaries['leicestershire/NC99'] = [
      { latitude: '52.60', longitude: '-1.10' },
      { latitude: '52.61', longitude: '-1.10' },
      { latitude: '52.61', longitude: '-1.09' },
    ];
    clock += DEFAULT_TTL_MS.neighbourhoods + 1000;
    const result = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(result).toMatchObject({
      source: 'live',
      neighbourhoods: 2,
      withBoundary: 2,
      missingBoundaries: [],
    });
    const rows = await stored('leicestershire');
    expect(rows.map((r) => [r.id, r.name])).toEqual([
      ['NC04', 'City Centre & Riverside'],
      ['NC99', 'New Area'],
    ]);
    expect(rows[0]!.boundary).toBe(once[0]!.boundary);
  });

  it('touches no other force', async () => {
    await syncNeighbourhoods(client(), db.sequelize, 'city-of-london');
    await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    double.data.neighbourhoods.leicestershire = [];
    clock += DEFAULT_TTL_MS.neighbourhoods + 1000;
    const emptied = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(emptied).toMatchObject({ source: 'live', neighbourhoods: 0 });
    expect(await stored('leicestershire')).toEqual([]);
    expect((await stored('city-of-london')).map((r) => r.id)).toEqual(['cs']);
  });

  it('keeps a stored boundary when data.police.uk does not give one', async () => {
    const ring = JSON.stringify([
      [-1.38, 52.54],
      [-1.36, 52.54],
      [-1.36, 52.55],
      [-1.38, 52.54],
    ]);
    await db.sequelize.getQueryInterface().bulkInsert('neighbourhoods', [
      {
        force_id: 'leicestershire',
        id: 'NH10',
        name: 'Hinckley (imported)',
        boundary: ring,
        min_lat: 52.54,
        max_lat: 52.55,
        min_lng: -1.38,
        max_lng: -1.36,
      },
    ]);
    const result = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(result).toMatchObject({ withBoundary: 3, missingBoundaries: ['NH10'] });
    const hinckley = (await stored('leicestershire')).find((r) => r.id === 'NH10');
    expect(hinckley).toMatchObject({ name: 'Hinckley Town', boundary: ring, min_lat: 52.54, max_lng: -1.36 });
  });

  it('changes nothing when the neighbourhood list cannot be fetched', async () => {
    await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    const before = await stored('leicestershire');
    await db.sequelize.query('DELETE FROM police_api_cache');
    await double.close();
    const result = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(result.source).toBe('unavailable');
    expect(result.reason).toMatch(/could not be reached/);
    expect(await stored('leicestershire')).toEqual(before);
  });

  it('works from the stale cache when data.police.uk is down', async () => {
    await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    await db.sequelize.query('DELETE FROM neighbourhoods');
    await double.close();
    clock += DEFAULT_TTL_MS.boundary + 1000;
    const result = await syncNeighbourhoods(client(), db.sequelize, 'leicestershire');
    expect(result).toMatchObject({ source: 'stale-cache', neighbourhoods: 3, withBoundary: 2 });
    expect(result.reason).toMatch(/could not be reached/);
  });
});
