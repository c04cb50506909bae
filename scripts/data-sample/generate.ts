/**
 * Writes a deterministic synthetic data.police.uk archive (plus postcodes, LSOA populations and
 * neighbourhood boundaries) for machines with no real data. Same options, same bytes.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  POLICE_FORCE_IDS,
  forceById,
  isPoliceForceId,
  publishesStreetData,
  type PoliceForceId,
} from '../../common/police/forces.ts';
import {
  CATEGORY_ARCHIVE_NAMES,
  Crime,
  ForceCrimeModel,
  lastOutcomeCategory,
  outcomeEvents,
  type OutcomeEvent,
} from './crimes.ts';
import { CsvFileWriter, csvField, type LineEnding } from './csv.ts';
import {
  LSOA_POPULATION_FILE,
  LSOA_POPULATION_HEADER,
  NEIGHBOURHOODS_FILE,
  NO_LOCATION,
  OUTCOMES_HEADER,
  POSTCODES_FILE,
  POSTCODES_HEADER,
  README_FILE,
  STOP_AND_SEARCH_HEADER,
  STREET_HEADER,
  archiveFilePath,
  type ArchiveKind,
} from './formats.ts';
import {
  LsoaIndex,
  forceNeighbourhoods,
  generatePostcodes,
  lsoaPopulation,
  mapPointLocation,
} from './geography.ts';
import { daysInMonth, formatMonth, isMonth, monthRange, parseMonth } from './months.ts';
import { FORCE_GEOGRAPHY, REAL_POSTCODES } from './places.ts';
import { MAX_OUTCOME_LAG, STOP_SEARCH_PER_STREET_ROW } from './proportions.ts';
import { Rng, hashString, hashValues } from './random.ts';
import { writeStopSearchRows } from './stop-search.ts';

export const DEFAULT_FORCES: readonly PoliceForceId[] = [
  'metropolitan',
  'city-of-london',
  'west-midlands',
  'greater-manchester',
  'west-yorkshire',
  'avon-and-somerset',
  'south-wales',
];
/** Fixed so that output never depends on the day it is made. */
export const DEFAULT_END_MONTH = '2025-09';
export const DEFAULT_MONTHS = 6;
export const DEFAULT_SEED = 'crime-clock';
/** Street rows a month over all generated forces at scale 1; scale 100 is national size. */
export const STREET_ROWS_PER_MONTH_AT_SCALE_1 = 5000;
export const MAX_MONTHS = 600;
export const MAX_SCALE = 1000;

export interface SampleOptions {
  /** Directory to write; replaced if it holds an earlier sample, refused if it holds anything else. */
  readonly outDir: string;
  readonly months?: number;
  /** Latest month, YYYY-MM. */
  readonly endMonth?: string;
  readonly scale?: number;
  readonly forces?: readonly string[];
  readonly seed?: string | number;
  /** One force skips one month entirely when there are 3 months or more (default true). */
  readonly gap?: boolean;
  /**
   * Write the outcomes files (default true). Without them each crime still carries its last
   * outcome in the street file; importing them takes longer than the street files themselves.
   */
  readonly outcomes?: boolean;
  readonly onProgress?: (message: string) => void;
}

export type SampleFileKind = ArchiveKind | 'postcodes' | 'lsoa-population' | 'neighbourhoods' | 'readme';

export interface SampleFile {
  /** Relative to the output directory, with forward slashes. */
  readonly path: string;
  readonly kind: SampleFileKind;
  readonly force?: PoliceForceId;
  readonly month?: string;
  /** Data rows (header excluded); features for the GeoJSON; lines for the readme. */
  readonly rows: number;
}

export interface SampleSummary {
  readonly outDir: string;
  readonly months: readonly string[];
  readonly forces: readonly PoliceForceId[];
  readonly seed: string;
  readonly scale: number;
  readonly files: readonly SampleFile[];
  readonly rows: {
    readonly street: number;
    readonly outcomes: number;
    readonly stopAndSearch: number;
    readonly postcodes: number;
    readonly lsoas: number;
    readonly neighbourhoods: number;
  };
  /** Force-months with no files at all (the force "did not report"). */
  readonly gaps: readonly { readonly force: PoliceForceId; readonly month: string }[];
  /** Forces with no street files in some generated month (e.g. Greater Manchester Police). */
  readonly withoutStreetData: readonly PoliceForceId[];
  readonly lineEndings: Readonly<Record<string, 'crlf' | 'lf'>>;
}

interface ResolvedOptions {
  readonly outDir: string;
  readonly months: number[];
  readonly forces: PoliceForceId[];
  readonly seed: string;
  readonly scale: number;
  readonly gap: boolean;
  readonly outcomes: boolean;
}

function resolveOptions(options: SampleOptions): ResolvedOptions {
  const count = options.months ?? DEFAULT_MONTHS;
  if (!Number.isInteger(count) || count < 1 || count > MAX_MONTHS) {
    throw new Error(`months must be a whole number from 1 to ${MAX_MONTHS}, got ${count}`);
  }
  const endText = options.endMonth ?? DEFAULT_END_MONTH;
  if (!isMonth(endText)) throw new Error(`end month must look like 2025-06, got ${endText}`);
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) {
    throw new Error(`scale must be a number above 0 and at most ${MAX_SCALE}, got ${scale}`);
  }
  const requested = options.forces ?? DEFAULT_FORCES;
  if (requested.length === 0) throw new Error('at least one force is needed');
  const unknown = requested.filter((id) => !isPoliceForceId(id));
  if (unknown.length > 0) {
    throw new Error(`unknown force id(s): ${unknown.join(', ')}; known ids: ${POLICE_FORCE_IDS.join(', ')}`);
  }
  // Sorted, so the order the forces were named in never changes the output.
  const forces = [...new Set(requested as PoliceForceId[])].sort();
  return {
    outDir: path.resolve(options.outDir),
    months: monthRange(parseMonth(endText), count),
    forces,
    seed: String(options.seed ?? DEFAULT_SEED),
    scale,
    gap: options.gap ?? true,
    outcomes: options.outcomes ?? true,
  };
}

/** Some releases use CRLF line endings and others LF; one month in three is CRLF here. */
export function lineEndingOf(month: number): LineEnding {
  return month % 3 === 0 ? '\r\n' : '\n';
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** Refuses to replace a directory that is not empty and not an earlier sample. */
async function checkReplaceable(dir: string): Promise<void> {
  if (!(await exists(dir))) return;
  const entries = await readdir(dir);
  if (entries.length > 0 && !entries.includes(README_FILE)) {
    throw new Error(
      `${dir} exists and is not a synthetic sample (it has no ${README_FILE}); choose another output directory`,
    );
  }
}

function chooseGap(
  resolved: ResolvedOptions,
  seedHash: number,
): { force: PoliceForceId; month: number } | undefined {
  if (!resolved.gap || resolved.months.length < 3) return undefined;
  const month = resolved.months[Math.floor(resolved.months.length / 2)]!;
  const candidates = resolved.forces.filter((f) => publishesStreetData(f, formatMonth(month)));
  if (candidates.length === 0) return undefined;
  return { force: candidates[hashValues(seedHash, 0x9a9) % candidates.length]!, month };
}

export async function generateSample(options: SampleOptions): Promise<SampleSummary> {
  const resolved = resolveOptions(options);
  const { outDir, months, forces, scale } = resolved;
  const log = options.onProgress ?? (() => {});
  await checkReplaceable(outDir);

  const seedHash = hashString(resolved.seed);
  const endMonth = months[months.length - 1]!;
  const endText = formatMonth(endMonth);
  const publishing = forces.filter((f) => publishesStreetData(f, endText));
  const weightOf = (f: PoliceForceId): number => FORCE_GEOGRAPHY[f].monthlyStreetRows;
  const sharedWeight = (publishing.length > 0 ? publishing : forces).reduce((sum, f) => sum + weightOf(f), 0);
  const rowsPerWeight = (STREET_ROWS_PER_MONTH_AT_SCALE_1 * scale) / sharedWeight;
  const models = forces.map(
    (f) => new ForceCrimeModel(f, POLICE_FORCE_IDS.indexOf(f), seedHash, weightOf(f) * rowsPerWeight),
  );
  const gap = chooseGap(resolved, seedHash);

  const work = `${outDir}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });

  const files: SampleFile[] = [];
  const totals = { street: 0, outcomes: 0, stopAndSearch: 0 };
  const lineEndings: Record<string, 'crlf' | 'lf'> = {};
  const lsoas = new LsoaIndex();
  const open = new Set<CsvFileWriter>();

  const newWriter = (relative: string, header: string, eol: LineEnding, bom = false): CsvFileWriter => {
    const writer = new CsvFileWriter(path.join(work, relative), header, eol, { bom });
    open.add(writer);
    return writer;
  };
  const closeWriter = async (writer: CsvFileWriter): Promise<void> => {
    await writer.close();
    open.delete(writer);
  };

  try {
    for (const month of months) {
      const monthText = formatMonth(month);
      const eol = lineEndingOf(month);
      lineEndings[monthText] = eol === '\r\n' ? 'crlf' : 'lf';
      await mkdir(path.join(work, monthText), { recursive: true });
      const before = { ...totals };

      for (const model of models) {
        const force = model.forceId;
        if (gap && gap.force === force && gap.month === month) continue;
        const context = { model, month, monthText, eol, lsoas, newWriter, closeWriter };

        if (publishesStreetData(force, monthText)) {
          const relative = archiveFilePath(monthText, force, 'street');
          const rows = await writeStreetFile(relative, context, endMonth);
          files.push({ path: relative, kind: 'street', force, month: monthText, rows });
          totals.street += rows;
        }

        if (resolved.outcomes) {
          const outcomesPath = archiveFilePath(monthText, force, 'outcomes');
          const outcomeRows = await writeOutcomesFile(outcomesPath, context);
          files.push({ path: outcomesPath, kind: 'outcomes', force, month: monthText, rows: outcomeRows });
          totals.outcomes += outcomeRows;
        }

        const searchPath = archiveFilePath(monthText, force, 'stop-and-search');
        const searchRows = await writeSearchFile(searchPath, context, seedHash);
        files.push({ path: searchPath, kind: 'stop-and-search', force, month: monthText, rows: searchRows });
        totals.stopAndSearch += searchRows;
      }
      log(
        `${monthText}: ${totals.street - before.street} street, ${totals.outcomes - before.outcomes} outcomes, ` +
          `${totals.stopAndSearch - before.stopAndSearch} stop-and-search rows`,
      );
    }

    const postcodes = generatePostcodes(forces, scale);
    const postcodeWriter = newWriter(POSTCODES_FILE, POSTCODES_HEADER, '\n');
    for (const p of postcodes) {
      if (postcodeWriter.add(`${p.postcode},${p.lat.toFixed(6)},${p.lng.toFixed(6)}`))
        await postcodeWriter.flush();
    }
    await closeWriter(postcodeWriter);
    files.push({ path: POSTCODES_FILE, kind: 'postcodes', rows: postcodes.length });

    // ONS exports start with a byte-order mark, end lines with CRLF and quote "1,954".
    const used = lsoas.used();
    const populationWriter = newWriter(LSOA_POPULATION_FILE, LSOA_POPULATION_HEADER, '\r\n', true);
    for (const lsoa of used) {
      const population = withThousands(lsoaPopulation(lsoa.code));
      if (populationWriter.add(`${lsoa.code},${csvField(lsoa.name)},${csvField(population)}`)) {
        await populationWriter.flush();
      }
    }
    await closeWriter(populationWriter);
    files.push({ path: LSOA_POPULATION_FILE, kind: 'lsoa-population', rows: used.length });

    const features = forces.flatMap((f) => forceNeighbourhoods(f));
    await writeFile(
      path.join(work, NEIGHBOURHOODS_FILE),
      `${JSON.stringify({ type: 'FeatureCollection', features })}\n`,
    );
    files.push({ path: NEIGHBOURHOODS_FILE, kind: 'neighbourhoods', rows: features.length });

    const readme = readmeText(resolved, gap, postcodes.length);
    await writeFile(path.join(work, README_FILE), readme);
    files.push({ path: README_FILE, kind: 'readme', rows: readme.split('\n').length - 1 });

    await checkReplaceable(outDir);
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir);

    return {
      outDir,
      months: months.map(formatMonth),
      forces,
      seed: resolved.seed,
      scale,
      files,
      rows: {
        ...totals,
        postcodes: postcodes.length,
        lsoas: used.length,
        neighbourhoods: features.length,
      },
      gaps: gap ? [{ force: gap.force, month: formatMonth(gap.month) }] : [],
      withoutStreetData: forces.filter((f) => months.some((m) => !publishesStreetData(f, formatMonth(m)))),
      lineEndings,
    };
  } catch (error) {
    for (const writer of open) writer.destroy();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

interface FileContext {
  readonly model: ForceCrimeModel;
  readonly month: number;
  readonly monthText: string;
  readonly eol: LineEnding;
  readonly lsoas: LsoaIndex;
  readonly newWriter: (relative: string, header: string, eol: LineEnding) => CsvFileWriter;
  readonly closeWriter: (writer: CsvFileWriter) => Promise<void>;
}

/**
 * The columns from Longitude to LSOA name, shared by street and outcome rows. Northern Ireland
 * has no LSOAs, so its rows leave both LSOA columns empty.
 */
function placeColumns(crime: Crime, lsoas: LsoaIndex, withLsoa: boolean): string {
  if (!crime.hasLocation) return `,,${NO_LOCATION},,`;
  const { lat, lng } = crime.point;
  const location = csvField(mapPointLocation(crime.mapPoint));
  const lsoa = withLsoa ? lsoas.lookup(lat, lng) : undefined;
  const lsoaColumns = lsoa ? `${lsoa.code},${csvField(lsoa.name)}` : ',';
  return `${lng.toFixed(6)},${lat.toFixed(6)},${location},${lsoaColumns}`;
}

function hasLsoas(forceId: PoliceForceId): boolean {
  return forceById(forceId)?.area !== 'northern-ireland';
}

async function writeStreetFile(relative: string, ctx: FileContext, asOf: number): Promise<number> {
  const { model, month, monthText, lsoas } = ctx;
  const writer = ctx.newWriter(relative, STREET_HEADER, ctx.eol);
  const name = csvField(forceById(model.forceId)!.name);
  const withLsoa = hasLsoas(model.forceId);
  const crime = new Crime();
  const count = model.rowCount(month);
  for (let i = 0; i < count; i++) {
    model.drawCrime(month, i, crime);
    model.drawLocation(crime);
    const id = crime.isAsb ? '' : model.crimeId(month, i);
    const line =
      `${id},${monthText},${name},${name},${placeColumns(crime, lsoas, withLsoa)},` +
      `${CATEGORY_ARCHIVE_NAMES[crime.category]!},${lastOutcomeCategory(crime, month, asOf)},`;
    if (writer.add(line)) await writer.flush();
  }
  await ctx.closeWriter(writer);
  return writer.rows;
}

/**
 * A month's outcomes file holds the outcomes reached that month, for crimes of that month and of
 * the months before it; those crimes are re-derived rather than remembered.
 */
async function writeOutcomesFile(relative: string, ctx: FileContext): Promise<number> {
  const { model, month, monthText, lsoas } = ctx;
  const writer = ctx.newWriter(relative, OUTCOMES_HEADER, ctx.eol);
  const name = csvField(forceById(model.forceId)!.name);
  const withLsoa = hasLsoas(model.forceId);
  const crime = new Crime();
  const events: [OutcomeEvent, OutcomeEvent] = [
    { month: 0, type: '' },
    { month: 0, type: '' },
  ];
  for (let crimeMonth = month - MAX_OUTCOME_LAG; crimeMonth <= month; crimeMonth++) {
    const count = model.rowCount(crimeMonth);
    for (let i = 0; i < count; i++) {
      model.drawCrime(crimeMonth, i, crime);
      const n = outcomeEvents(crime, crimeMonth, events);
      let located = false;
      for (let e = 0; e < n; e++) {
        const event = events[e]!;
        if (event.month !== month) continue;
        if (!located) {
          model.drawLocation(crime);
          located = true;
        }
        const line =
          `${model.crimeId(crimeMonth, i)},${monthText},${name},${name},` +
          `${placeColumns(crime, lsoas, withLsoa)},${event.type}`;
        if (writer.add(line)) await writer.flush();
      }
    }
  }
  await ctx.closeWriter(writer);
  return writer.rows;
}

async function writeSearchFile(relative: string, ctx: FileContext, seedHash: number): Promise<number> {
  const { model, month } = ctx;
  const writer = ctx.newWriter(relative, STOP_AND_SEARCH_HEADER, ctx.eol);
  const ratio = FORCE_GEOGRAPHY[model.forceId].stopSearchPerStreetRow ?? STOP_SEARCH_PER_STREET_ROW;
  const noise = 1 + 0.06 * new Rng(hashValues(seedHash, model.forceKey, month, 0x57)).gaussian();
  const count = Math.max(
    0,
    Math.round(((model.baseRows * ratio * daysInMonth(month)) / (365.25 / 12)) * noise),
  );
  await writeStopSearchRows({
    seed: seedHash,
    forceKey: model.forceKey,
    month,
    count,
    geo: model.geo,
    emit: (line) => writer.add(line),
    flush: () => writer.flush(),
  });
  await ctx.closeWriter(writer);
  return writer.rows;
}

/** 1954 -> "1,954", as ONS spreadsheets export numbers. */
export function withThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function readmeText(
  resolved: ResolvedOptions,
  gap: { force: PoliceForceId; month: number } | undefined,
  postcodeCount: number,
): string {
  const months = resolved.months.map(formatMonth);
  const lines = [
    'SYNTHETIC SAMPLE DATA - NOT REAL CRIME DATA',
    '',
    'Every crime, outcome, stop and search, LSOA, population figure, neighbourhood boundary and',
    'most postcodes in this folder were made up by a program (npm run data:sample). They follow',
    'the formats of data.police.uk and published national proportions so that the product can be',
    'tried and tested without the real data. Do not use them to describe any real place.',
    '',
    `Months: ${months[0]} to ${months[months.length - 1]} (${months.length})`,
    `Forces: ${resolved.forces.join(', ')}`,
    `Scale: ${resolved.scale} (about ${withThousands(Math.round(STREET_ROWS_PER_MONTH_AT_SCALE_1 * resolved.scale))} street rows a month)`,
    `Seed: ${resolved.seed}`,
    '',
    'Like the real archive:',
    ...resolved.forces
      .filter((f) => resolved.months.some((m) => !publishesStreetData(f, formatMonth(m))))
      .map((f) => `- ${forceById(f)!.name} has no street files (as data.police.uk has none from it);`),
    gap
      ? `- ${forceById(gap.force)!.name} has no files at all for ${formatMonth(gap.month)}: missing is not zero;`
      : '- no force skips a month in this sample;',
    '- some months use CRLF line endings, others LF;',
    '- some street rows have no location, and anti-social behaviour rows have no Crime ID.',
    '',
    `Postcodes (${postcodeCount}): these ${REAL_POSTCODES.length} are real; every other one is generated`,
    'in a real postcode district near its town and is not a real address:',
    ...REAL_POSTCODES.map(
      (p) =>
        `  ${p.postcode.padEnd(9)} ${p.what} (${p.position === 'published' ? 'published position' : 'approximate position'})`,
    ),
    '',
    'To use real data instead:',
    '1. Download monthly archives from https://data.police.uk/data/ (street, outcomes and',
    '   stop-and-search files for the forces and months you want), or let the importer fetch the',
    '   latest one: npm run import -- --latest',
    '2. Import a folder, a .zip or an https URL: npm run import -- <folder | file.zip | URL>',
    '3. For postcode search, import a postcode CSV (for example an ONS Postcode Directory extract)',
    '   and LSOA population estimates from the Office for National Statistics the same way.',
    '',
  ];
  return lines.join('\n');
}
