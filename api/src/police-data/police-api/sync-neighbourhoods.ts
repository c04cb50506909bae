import { QueryTypes, type Sequelize } from 'sequelize';
import type { PoliceApiClient, PoliceApiSource } from './client.ts';
import type { BoundaryPoint } from './responses.ts';

export interface SyncNeighbourhoodsResult {
  forceId: string;
  /** Where the neighbourhood list came from; when `unavailable` the store was left untouched. */
  source: PoliceApiSource;
  reason?: string;
  /** Neighbourhoods the store now holds for the force. */
  neighbourhoods: number;
  /** Of those, how many have a boundary. */
  withBoundary: number;
  /** Neighbourhoods whose boundary data.police.uk did not give (a stored one was kept if any). */
  missingBoundaries: string[];
}

interface NeighbourhoodRow {
  force_id: string;
  id: string;
  name: string;
  boundary: string | null;
  min_lat: number | null;
  max_lat: number | null;
  min_lng: number | null;
  max_lng: number | null;
}

type Bounds = Pick<NeighbourhoodRow, 'boundary' | 'min_lat' | 'max_lat' | 'min_lng' | 'max_lng'>;

/**
 * The stored form: a closed GeoJSON-order ring `[[lng, lat], ...]` plus its bounding box, which
 * lets a search discard most neighbourhoods before any point-in-polygon test.
 */
export function boundaryColumns(points: readonly BoundaryPoint[]): Bounds | undefined {
  if (points.length < 3) return undefined;
  const ring = points.map((p): [number, number] => [p.longitude, p.latitude]);
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  return {
    boundary: JSON.stringify(ring),
    min_lat: Math.min(...lats),
    max_lat: Math.max(...lats),
    min_lng: Math.min(...lngs),
    max_lng: Math.max(...lngs),
  };
}

const NO_BOUNDARY: Bounds = { boundary: null, min_lat: null, max_lat: null, min_lng: null, max_lng: null };
const INSERT_BATCH = 100;

async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Brings the force's neighbourhoods and their boundaries from data.police.uk into the
 * `neighbourhoods` table. The force's rows are replaced in one transaction, so readers see the old
 * set or the new one and running it again changes nothing. When a boundary cannot be fetched the
 * stored one is kept; when the list itself cannot be fetched nothing is changed at all.
 */
export async function syncNeighbourhoods(
  client: PoliceApiClient,
  sequelize: Sequelize,
  forceId: string,
  options: { concurrency?: number } = {},
): Promise<SyncNeighbourhoodsResult> {
  const list = await client.neighbourhoods(forceId);
  if (list.source === 'unavailable') {
    return {
      forceId,
      source: list.source,
      reason: list.reason,
      neighbourhoods: 0,
      withBoundary: 0,
      missingBoundaries: [],
    };
  }

  const stored = await sequelize.query<NeighbourhoodRow>(
    'SELECT force_id, id, name, boundary, min_lat, max_lat, min_lng, max_lng FROM neighbourhoods WHERE force_id = :forceId',
    { replacements: { forceId }, type: QueryTypes.SELECT },
  );
  const storedById = new Map(stored.map((row) => [row.id, row]));

  // The token bucket paces the requests; the limit only keeps a huge force from queueing them all.
  const seen = new Set<string>();
  const neighbourhoods = list.data.filter((n) => n.id.length <= 128 && !seen.has(n.id) && seen.add(n.id));
  const missingBoundaries: string[] = [];
  const rows = await inParallel(
    neighbourhoods,
    options.concurrency ?? 8,
    async (n): Promise<NeighbourhoodRow> => {
      const boundary = await client.neighbourhoodBoundary(forceId, n.id);
      let bounds = boundaryColumns(boundary.data);
      if (!bounds) {
        missingBoundaries.push(n.id);
        const previous = storedById.get(n.id);
        bounds = previous?.boundary ? previous : NO_BOUNDARY;
      }
      return {
        force_id: forceId,
        id: n.id,
        name: n.name.slice(0, 255),
        boundary: bounds.boundary,
        min_lat: bounds.min_lat,
        max_lat: bounds.max_lat,
        min_lng: bounds.min_lng,
        max_lng: bounds.max_lng,
      };
    },
  );

  const qi = sequelize.getQueryInterface();
  await sequelize.transaction(async (transaction) => {
    await qi.bulkDelete('neighbourhoods', { force_id: forceId }, { transaction });
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await qi.bulkInsert('neighbourhoods', rows.slice(i, i + INSERT_BATCH), { transaction });
    }
  });

  return {
    forceId,
    source: list.source,
    reason: list.reason,
    neighbourhoods: rows.length,
    withBoundary: rows.filter((row) => row.boundary !== null).length,
    missingBoundaries: missingBoundaries.sort(),
  };
}
