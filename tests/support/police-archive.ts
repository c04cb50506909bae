import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { CRIME_CATEGORIES } from '../../common/crime/categories.ts';
import { csvLine as csvFields } from '../../common/csv/csv.ts';
import { Rng } from '../../scripts/data-sample/random.ts';

/**
 * Small, deterministic data.police.uk-format files for importer tests, written independently of
 * the sample generator so the tests do not depend on it. Headers are the official ones.
 */
export const STREET_HEADER = [
  'Crime ID',
  'Month',
  'Reported by',
  'Falls within',
  'Longitude',
  'Latitude',
  'Location',
  'LSOA code',
  'LSOA name',
  'Crime type',
  'Last outcome category',
  'Context',
];

export const OUTCOMES_HEADER = [
  'Crime ID',
  'Month',
  'Reported by',
  'Falls within',
  'Longitude',
  'Latitude',
  'Location',
  'LSOA code',
  'LSOA name',
  'Outcome type',
];

export const STOP_AND_SEARCH_HEADER = [
  'Type',
  'Date',
  'Part of a policing operation',
  'Policing operation',
  'Latitude',
  'Longitude',
  'Gender',
  'Age range',
  'Self-defined ethnicity',
  'Officer-defined ethnicity',
  'Legislation',
  'Object of search',
  'Outcome',
  'Outcome linked to object of search',
  'Removal of more than just outer clothing',
];

/** The project's one seeded generator (scripts/data-sample/random.ts), as a function. */
export function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** Official files carry no spreadsheet formula guard, so neither do these. */
function csvLine(fields: readonly string[]): string {
  return csvFields(fields, { guardFormulas: false });
}

export interface CsvOptions {
  eol?: '\n' | '\r\n';
  bom?: boolean;
}

export function csvText(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: CsvOptions = {},
) {
  const eol = options.eol ?? '\n';
  return (options.bom ? '\uFEFF' : '') + [header, ...rows].map(csvLine).join(eol) + eol;
}

export interface StreetOptions {
  month: string;
  forceName: string;
  seed: number;
  /** Share of rows without a location (empty coordinates, "No Location"). */
  noLocation?: number;
  /** Centre of the points. */
  lat?: number;
  lng?: number;
}

const ARCHIVE_TYPES = CRIME_CATEGORIES.filter((c) => c.code !== 15).map((c) => c.archiveName);
const OUTCOMES = [
  'Investigation complete; no suspect identified',
  'Unable to prosecute suspect',
  'Under investigation',
];
const STREETS = ['On or near Park Road', 'On or near High Street', 'On or near Station Road, Lower End'];

/** One street-crime row per call, in the official column order. */
export function streetRowMaker(options: StreetOptions): () => string[] {
  const next = random(options.seed);
  const lat0 = options.lat ?? 51.5;
  const lng0 = options.lng ?? -0.12;
  return () => {
    const type = ARCHIVE_TYPES[Math.floor(next() * ARCHIVE_TYPES.length)]!;
    const asb = type === 'Anti-social behaviour';
    const located = next() >= (options.noLocation ?? 0.05);
    const id = asb
      ? ''
      : Math.floor(next() * 2 ** 52)
          .toString(16)
          .padStart(16, '0')
          .repeat(4);
    return [
      id,
      options.month,
      options.forceName,
      options.forceName,
      located ? (lng0 + (next() - 0.5) * 0.2).toFixed(6) : '',
      located ? (lat0 + (next() - 0.5) * 0.2).toFixed(6) : '',
      located ? STREETS[Math.floor(next() * STREETS.length)]! : 'No Location',
      `E0100${String(Math.floor(next() * 9000) + 1000)}`,
      `Somewhere ${String(Math.floor(next() * 90) + 10)}A`,
      type,
      asb ? '' : OUTCOMES[Math.floor(next() * OUTCOMES.length)]!,
      '',
    ];
  };
}

export function streetRows(count: number, options: StreetOptions): string[][] {
  const make = streetRowMaker(options);
  return Array.from({ length: count }, make);
}

export function outcomeRows(count: number, options: StreetOptions): string[][] {
  return streetRows(count, { ...options, noLocation: 0.02 }).map((r) => [
    r[0] || 'f'.repeat(64),
    r[1]!,
    r[2]!,
    r[3]!,
    r[4]!,
    r[5]!,
    r[6]!,
    r[7]!,
    r[8]!,
    OUTCOMES[r[7]!.length % OUTCOMES.length]!,
  ]);
}

export function stopAndSearchRows(count: number, options: StreetOptions): string[][] {
  const next = random(options.seed + 1);
  return Array.from({ length: count }, (_, i) => {
    const located = next() > 0.3;
    const flag = () => ['True', 'False', ''][Math.floor(next() * 3)]!;
    return [
      'Person search',
      `${options.month}-${String((i % 28) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:05:00+00:00`,
      flag(),
      '',
      located ? (51.5 + next() * 0.1).toFixed(6) : '',
      located ? (-0.1 - next() * 0.1).toFixed(6) : '',
      ['Male', 'Female', ''][i % 3]!,
      ['18-24', '25-34', 'over 34'][i % 3]!,
      'White - English/Welsh/Scottish/Northern Irish/British',
      'White',
      'Misuse of Drugs Act 1971 (section 23)',
      'Controlled drugs',
      'A no further action disposal',
      flag(),
      flag(),
    ];
  });
}

/** Writes a file, creating its folders. */
export function writeFile(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Streams a large street file to disk without building it in memory; returns its row count. */
export async function writeLargeStreetFile(
  path: string,
  rows: number,
  options: StreetOptions,
): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const make = streetRowMaker(options);
  let buffer = csvLine(STREET_HEADER) + '\n';
  for (let i = 0; i < rows; i++) {
    buffer += csvLine(make()) + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A minimal deflate zip (no zip64), enough for test archives of a few megabytes. */
export function zipArchive(files: readonly { name: string; data: Buffer | string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data);
    const compressed = deflateRawSync(data);
    const name = Buffer.from(file.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every file under `dir` as zip members, under an optional top folder. */
export function archiveEntries(
  files: Record<string, string | Buffer>,
  top = '',
): { name: string; data: string | Buffer }[] {
  return Object.entries(files).map(([name, data]) => ({ name: top ? `${top}/${name}` : name, data }));
}

export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) writeFile(join(dir, name), content);
}
