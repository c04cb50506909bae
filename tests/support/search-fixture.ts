/**
 * A small, fully known police store for the search tests: crimes of two London forces around a
 * centre (one with a missing month), rows without a location, rows a hair inside and outside the
 * 1-mile circle, an L-shaped neighbourhood whose bounding box holds crimes outside it, and a
 * Greater Manchester postcode where no force ever reported. Tests compute their expectations from
 * `rows` directly, never from the service.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { cellOf } from '../../common/geo/grid.ts';
import {
  EARTH_RADIUS_METRES,
  METRES_PER_MILE,
  type LatLng,
  type Ring,
} from '../../common/search/geometry.ts';
import { RESOLVED_OUTCOMES, UNRESOLVED_OUTCOMES } from '../../common/search/outcomes.ts';
import { searchAggregates } from '../../api/src/search/derived-tables.ts';
import { Rng } from '../../scripts/data-sample/random.ts';

export interface FixtureCrime {
  force_id: string;
  month: number;
  category: number;
  crime_ref: string | null;
  lat: number | null;
  lng: number | null;
  cell: number | null;
  street: string | null;
  lsoa_code: string | null;
  outcome: string | null;
}

export const CENTRE: LatLng = { lat: 51.5074, lng: -0.1278 };
export const CENTRE_POSTCODE = 'SW1A 1AA';
export const MANCHESTER: LatLng = { lat: 53.4808, lng: -2.2426 };
export const MANCHESTER_POSTCODE = 'M1 1AE';
export const MONTHS = [202501, 202502, 202503, 202504, 202505, 202506] as const;
export const CITY_MISSING_MONTH = 202503;
export const NEIGHBOURHOOD_ID = 'L-SHAPE';

const KM_LAT = 1 / 111.195;
const KM_LNG = 1 / (111.195 * Math.cos((CENTRE.lat * Math.PI) / 180));

/** An L covering the centre's south-west; its bounding box's north-east quarter is outside it. */
export const NEIGHBOURHOOD_RING: Ring = [
  [CENTRE.lng - 2 * KM_LNG, CENTRE.lat - 2 * KM_LAT],
  [CENTRE.lng + 2 * KM_LNG, CENTRE.lat - 2 * KM_LAT],
  [CENTRE.lng + 2 * KM_LNG, CENTRE.lat + 0.3 * KM_LAT],
  [CENTRE.lng + 0.2 * KM_LNG, CENTRE.lat + 0.3 * KM_LAT],
  [CENTRE.lng + 0.2 * KM_LNG, CENTRE.lat + 2 * KM_LAT],
  [CENTRE.lng - 2 * KM_LNG, CENTRE.lat + 2 * KM_LAT],
  [CENTRE.lng - 2 * KM_LNG, CENTRE.lat - 2 * KM_LAT],
];

const MANCHESTER_RING: Ring = [
  [MANCHESTER.lng - 0.05, MANCHESTER.lat - 0.03],
  [MANCHESTER.lng + 0.05, MANCHESTER.lat - 0.03],
  [MANCHESTER.lng + 0.05, MANCHESTER.lat + 0.03],
  [MANCHESTER.lng - 0.05, MANCHESTER.lat + 0.03],
  [MANCHESTER.lng - 0.05, MANCHESTER.lat - 0.03],
];

function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** The point `metres` from `from` along a bearing (spherical destination formula). */
export function destination(from: LatLng, metres: number, bearingDegrees: number): LatLng {
  const r = Math.PI / 180;
  const d = metres / EARTH_RADIUS_METRES;
  const b = bearingDegrees * r;
  const lat1 = from.lat * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    from.lng * r +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / r, lng: lng2 / r };
}

/** Distance by the spherical law of cosines: a second formula, so tests do not grade the code by itself. */
export function cosineLawMetres(a: LatLng, b: LatLng): number {
  const r = Math.PI / 180;
  const c =
    Math.sin(a.lat * r) * Math.sin(b.lat * r) +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.cos((b.lng - a.lng) * r);
  return EARTH_RADIUS_METRES * Math.acos(Math.min(1, c));
}

const OUTCOMES: (string | null)[] = [...RESOLVED_OUTCOMES, ...UNRESOLVED_OUTCOMES, null, null];

function lsoaOf(lat: number, lng: number): string {
  const row = Math.floor((lat - 51) * 100);
  const col = Math.floor((lng + 1) * 100);
  return `E01${String(row * 1000 + col).padStart(6, '0')}`;
}

export function buildFixtureRows(): FixtureCrime[] {
  const next = random(20250601);
  const rows: FixtureCrime[] = [];
  const push = (
    force: string,
    month: number,
    point: LatLng | null,
    ref: string | null = null,
    noLsoa = false,
  ) => {
    const category = 1 + Math.floor(next() * 14);
    const asb = category === 1;
    let lat = point?.lat ?? null;
    let lng = point?.lng ?? null;
    // Most crimes sit on shared map points, as data.police.uk snaps them; keep named rows exact.
    if (lat !== null && lng !== null && ref === null && next() < 0.8) {
      lat = Math.round(lat / 0.0005) * 0.0005;
      lng = Math.round(lng / 0.0005) * 0.0005;
    }
    rows.push({
      force_id: force,
      month,
      category,
      crime_ref: ref ?? (asb ? null : `ref-${rows.length}`),
      lat,
      lng,
      cell: cellOf(lat, lng),
      street: lat === null ? null : next() < 0.95 ? `On or near Street ${Math.floor(next() * 40)}` : null,
      lsoa_code: lat === null || noLsoa || next() < 0.05 ? null : lsoaOf(lat, lng!),
      outcome: asb ? null : OUTCOMES[Math.floor(next() * OUTCOMES.length)]!,
    });
  };
  for (const month of MONTHS) {
    const metCount = 300 + Math.floor(next() * 120);
    for (let i = 0; i < metCount; i++) {
      const distance = 2500 * Math.sqrt(next());
      push('metropolitan', month, destination(CENTRE, distance, next() * 360));
    }
    for (let i = 0; i < 15; i++) push('metropolitan', month, null);
    if (month !== CITY_MISSING_MONTH) {
      const city = destination(CENTRE, 1300, 80);
      for (let i = 0; i < 60 + Math.floor(next() * 30); i++)
        push('city-of-london', month, destination(city, 700 * Math.sqrt(next()), next() * 360));
      for (let i = 0; i < 4; i++) push('city-of-london', month, null);
    }
  }
  // A hair inside and outside the circle, in the latest month, at several bearings.
  for (const bearing of [0, 90, 200, 315]) {
    push('metropolitan', 202506, destination(CENTRE, METRES_PER_MILE - 0.5, bearing), `edge-in-${bearing}`);
    push('metropolitan', 202506, destination(CENTRE, METRES_PER_MILE + 0.5, bearing), `edge-out-${bearing}`);
  }
  return rows;
}

export function fixturePopulations(rows: readonly FixtureCrime[]): Map<string, number> {
  const codes = [...new Set(rows.flatMap((r) => (r.lsoa_code ? [r.lsoa_code] : [])))].sort();
  // Every seventh LSOA has no population on record, as happens when the ONS file is older.
  return new Map(codes.filter((_, i) => i % 7 !== 3).map((code, i) => [code, 1200 + ((i * 389) % 900)]));
}

export interface LoadedFixture {
  rows: (FixtureCrime & { id: number })[];
  populations: Map<string, number>;
}

/** Writes the fixture the way the importer does: rows, then aggregates and dataset_months per force-month. */
export async function loadFixture(sequelize: Sequelize): Promise<LoadedFixture> {
  const rows = buildFixtureRows();
  const populations = fixturePopulations(rows);
  const qi = sequelize.getQueryInterface();
  for (let i = 0; i < rows.length; i += 400) await qi.bulkInsert('crimes', rows.slice(i, i + 400));
  const stored = await sequelize.query<{ id: number }>('SELECT id FROM crimes ORDER BY id', {
    type: QueryTypes.SELECT,
  });
  const withIds = rows.map((r, i) => ({ ...r, id: Number(stored[i]!.id) }));

  const forceMonths = new Set(rows.map((r) => `${r.force_id}|${r.month}`));
  await sequelize.transaction(async (transaction) => {
    for (const key of forceMonths) {
      const [force, month] = key.split('|') as [string, string];
      await searchAggregates.refresh(sequelize, transaction, force, Number(month));
      await qi.bulkInsert(
        'dataset_months',
        [
          {
            force_id: force,
            month: Number(month),
            dataset: 'street',
            row_count: rows.filter((r) => r.force_id === force && r.month === Number(month)).length,
            skipped_count: 0,
            synthetic: true,
            import_id: null,
            imported_at: new Date(),
          },
        ],
        { transaction },
      );
    }
  });
  await qi.bulkInsert(
    'lsoa_populations',
    [...populations].map(([lsoa_code, population]) => ({ lsoa_code, name: `LSOA ${lsoa_code}`, population })),
  );
  await qi.bulkInsert('postcodes', [
    { postcode: CENTRE_POSTCODE, compact: 'SW1A1AA', lat: CENTRE.lat, lng: CENTRE.lng, synthetic: true },
    { postcode: 'SW1A 2AA', compact: 'SW1A2AA', lat: 51.5034, lng: -0.1276, synthetic: true },
    { postcode: 'SW1P 3BU', compact: 'SW1P3BU', lat: 51.4957, lng: -0.1296, synthetic: true },
    {
      postcode: MANCHESTER_POSTCODE,
      compact: 'M11AE',
      lat: MANCHESTER.lat,
      lng: MANCHESTER.lng,
      synthetic: true,
    },
  ]);
  const box = (ring: Ring) => ({
    min_lat: Math.min(...ring.map((p) => p[1])),
    max_lat: Math.max(...ring.map((p) => p[1])),
    min_lng: Math.min(...ring.map((p) => p[0])),
    max_lng: Math.max(...ring.map((p) => p[0])),
  });
  await qi.bulkInsert('neighbourhoods', [
    {
      force_id: 'metropolitan',
      id: NEIGHBOURHOOD_ID,
      name: 'L-shaped Ward',
      boundary: JSON.stringify(NEIGHBOURHOOD_RING),
      ...box(NEIGHBOURHOOD_RING),
    },
    { force_id: 'metropolitan', id: 'NO-BOUNDARY', name: 'Unmapped Ward', boundary: null },
    {
      force_id: 'greater-manchester',
      id: 'CITY-CENTRE',
      name: 'City Centre',
      boundary: JSON.stringify(MANCHESTER_RING),
      ...box(MANCHESTER_RING),
    },
  ]);
  return { rows: withIds, populations };
}
