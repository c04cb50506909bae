import { parsePostcode } from '../../../../../common/postcode/postcode.ts';
import type { BulkValue } from '../../../db/bulk/index.ts';
import type { RowMapper } from '../datasets/index.ts';
import type { CsvLoad } from '../load-csv.ts';
import { gridToLatLng } from './british-national-grid.ts';
import { findColumn } from './header-names.ts';

const POSTCODE = ['pcds', 'pcd', 'pcd2', 'postcode', 'postcodes'];
const LATITUDE = ['lat', 'latitude'];
const LONGITUDE = ['long', 'lng', 'lon', 'longitude'];
const EASTING = ['oseast1m', 'easting', 'eastings'];
const NORTHING = ['osnrth1m', 'northing', 'northings'];
const SYNTHETIC = ['synthetic'];

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

type Position = { lat: number; lng: number } | string;

/** Both numbers present and non-zero; ONSPD writes 99.999999 and Code-Point Open 0,0 for "none". */
function readPair(a: string | undefined, b: string | undefined): [number, number] | string {
  if (!a?.trim() || !b?.trim()) return 'no position';
  const x = Number(a);
  const y = Number(b);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return `position "${a}", "${b}" is not numeric`;
  if (x === 0 && y === 0) return 'no position';
  return [x, y];
}

function fromLatLng(lat: string | undefined, lng: string | undefined): Position {
  const pair = readPair(lat, lng);
  if (typeof pair === 'string') return pair;
  if (Math.abs(pair[0]) > 90 || Math.abs(pair[1]) > 180) return 'no position';
  return { lat: pair[0], lng: pair[1] };
}

function fromGrid(easting: string | undefined, northing: string | undefined): Position {
  const pair = readPair(easting, northing);
  if (typeof pair === 'string') return pair;
  if (pair[0] < 0 || pair[0] > 800_000 || pair[1] < 0 || pair[1] > 1_400_000) {
    return `grid reference ${pair[0]}, ${pair[1]} is outside Great Britain`;
  }
  const point = gridToLatLng(pair[0], pair[1]);
  return { lat: round6(point.lat), lng: round6(point.lng) };
}

function mapper(
  postcodeAt: number,
  position: (f: readonly string[]) => Position,
  syntheticAt: number | undefined,
  syntheticByDefault: boolean,
): RowMapper {
  return (f, out: BulkValue[]) => {
    const text = f[postcodeAt] ?? '';
    const postcode = parsePostcode(text);
    if (!postcode) return `"${text}" is not a valid UK postcode`;
    const at = position(f);
    if (typeof at === 'string') return `${postcode.canonical}: ${at}`;
    const flag = syntheticAt === undefined ? '' : (f[syntheticAt] ?? '').trim().toLowerCase();
    const synthetic = flag === '' ? syntheticByDefault : ['true', '1', 'yes', 'y'].includes(flag);
    out.push(postcode.canonical, postcode.compact, at.lat, at.lng, synthetic);
    return undefined;
  };
}

/**
 * Postcode positions from an ONS Postcode Directory style CSV (header; WGS84 lat/long, or grid
 * eastings/northings) or from Code-Point Open (no header: postcode, quality, easting, northing).
 */
export function postcodesLoad(syntheticByDefault: boolean): CsvLoad {
  return {
    table: 'postcodes',
    columns: ['postcode', 'compact', 'lat', 'lng', 'synthetic'],
    upsertKeys: ['postcode'],
    bind(first) {
      const wholeNumber = (text: string | undefined) => /^\d+$/.test(text?.trim() ?? '');
      if (parsePostcode(first[0] ?? '') && wholeNumber(first[2]) && wholeNumber(first[3])) {
        return {
          map: mapper(0, (f) => fromGrid(f[2], f[3]), undefined, syntheticByDefault),
          firstIsData: true,
        };
      }
      const postcodeAt = findColumn(first, POSTCODE);
      if (postcodeAt === undefined) {
        throw new Error('no postcode column (pcd, pcds or postcode) in the header');
      }
      const syntheticAt = findColumn(first, SYNTHETIC);
      const latAt = findColumn(first, LATITUDE);
      const lngAt = findColumn(first, LONGITUDE);
      if (latAt !== undefined && lngAt !== undefined) {
        const map = mapper(
          postcodeAt,
          (f) => fromLatLng(f[latAt], f[lngAt]),
          syntheticAt,
          syntheticByDefault,
        );
        return { map, firstIsData: false };
      }
      const eastAt = findColumn(first, EASTING);
      const northAt = findColumn(first, NORTHING);
      if (eastAt !== undefined && northAt !== undefined) {
        const map = mapper(
          postcodeAt,
          (f) => fromGrid(f[eastAt], f[northAt]),
          syntheticAt,
          syntheticByDefault,
        );
        return { map, firstIsData: false };
      }
      throw new Error('no latitude/longitude (lat, long) or easting/northing columns in the header');
    },
  };
}
