import type { Sequelize } from 'sequelize';
import { MAX_MAP_PLACES, type MapPlace } from '../../../common/map/marks.ts';
import { parseBoundary, type Bbox } from '../../../common/search/geometry.ts';
import { num, select } from './sql.ts';

/** Boundary text a map sends at most; beyond it the places come with names and no outlines. */
const MAX_PLACES_TEXT = 600_000;

export type MapPlaces = (frame: Bbox, options: { outlines: boolean }) => Promise<MapPlace[]>;

/**
 * The neighbourhoods whose bounding boxes overlap the map's frame, for the offline base layer:
 * the store's only named places. Largest first, so a crowded map labels the big ones.
 */
export function neighbourhoodPlaces(sequelize: Sequelize): MapPlaces {
  return async (frame, { outlines }) => {
    const overlapping = `min_lat IS NOT NULL AND min_lat <= :maxLat AND max_lat >= :minLat
      AND min_lng <= :maxLng AND max_lng >= :minLng`;
    const [size] = await select<{ length: unknown }>(
      sequelize,
      `SELECT SUM(LENGTH(boundary)) AS length FROM (
         SELECT boundary FROM neighbourhoods WHERE ${overlapping}
         ORDER BY (max_lat - min_lat) * (max_lng - min_lng) DESC, force_id, id LIMIT :limit) AS near`,
      { ...frame, limit: MAX_MAP_PLACES },
    );
    const withRings = outlines && num(size?.length) <= MAX_PLACES_TEXT;
    const rows = await select<{
      force_id: string;
      id: string;
      name: string;
      boundary: string | null;
      min_lat: unknown;
      max_lat: unknown;
      min_lng: unknown;
      max_lng: unknown;
    }>(
      sequelize,
      `SELECT force_id, id, name, ${withRings ? 'boundary' : 'NULL AS boundary'}, min_lat, max_lat, min_lng, max_lng
       FROM neighbourhoods WHERE ${overlapping}
       ORDER BY (max_lat - min_lat) * (max_lng - min_lng) DESC, force_id, id LIMIT :limit`,
      { ...frame, limit: MAX_MAP_PLACES },
    );
    return rows.map((row) => {
      const rings = row.boundary ? parseBoundary(row.boundary) : undefined;
      return {
        id: `${row.force_id}/${row.id}`,
        name: row.name,
        at: {
          lat: (num(row.min_lat) + num(row.max_lat)) / 2,
          lng: (num(row.min_lng) + num(row.max_lng)) / 2,
        },
        rings: rings ? rings.map((ring) => ring.map(([lng, lat]) => [lng, lat] as [number, number])) : null,
      };
    });
  };
}
