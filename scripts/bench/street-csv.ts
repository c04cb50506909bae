import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CRIME_CATEGORIES } from '../../common/crime/categories.ts';
import { Rng } from '../data-sample/random.ts';

const HEADER =
  'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Crime type,Last outcome category,Context';

// Rough national shares (violence, ASB and theft lead), enough for realistic row sizes.
const WEIGHTED_TYPES: [string, number][] = CRIME_CATEGORIES.filter((c) => c.code !== 15).map((c) => [
  c.archiveName,
  c.slug === 'violent-crime'
    ? 34
    : c.slug === 'anti-social-behaviour'
      ? 20
      : c.slug === 'other-crime'
        ? 2
        : 5,
]);
const TOTAL_WEIGHT = WEIGHTED_TYPES.reduce((n, [, w]) => n + w, 0);
const OUTCOMES = [
  'Investigation complete; no suspect identified',
  'Unable to prosecute suspect',
  'Under investigation',
  'Awaiting court outcome',
  'Court result unavailable',
];

function pick(u: number): string {
  let at = u * TOTAL_WEIGHT;
  for (const [name, weight] of WEIGHTED_TYPES) {
    if ((at -= weight) < 0) return name;
  }
  return WEIGHTED_TYPES[0]![0];
}

/**
 * Writes `rows` street rows in the official format, shaped like a big force's month (about 5% of
 * rows without a location, ASB without Crime ID), streaming so any size fits in memory.
 */
export async function writeStreetCsv(
  path: string,
  rows: number,
  month: string,
  force: string,
): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const rng = new Rng(12345);
  const next = () => rng.next();
  let buffer = `${HEADER}\n`;
  for (let i = 0; i < rows; i++) {
    const type = pick(next());
    const asb = type === 'Anti-social behaviour';
    const located = next() > 0.05;
    const id = asb ? '' : (next() * 2 ** 52).toString(16).replace('.', '').padEnd(64, '0').slice(0, 64);
    const lat = located ? (51.3 + next() * 0.4).toFixed(6) : '';
    const lng = located ? (-0.5 + next() * 0.7).toFixed(6) : '';
    const street = located ? `On or near Street ${Math.floor(next() * 5000)}` : 'No Location';
    const lsoa = Math.floor(next() * 4800) + 1;
    const outcome = asb ? '' : OUTCOMES[Math.floor(next() * OUTCOMES.length)];
    buffer += `${id},${month},${force},${force},${lng},${lat},${street},E0100${String(lsoa).padStart(4, '0')},Borough ${String(lsoa % 999).padStart(3, '0')}A,${type},${outcome},\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}
