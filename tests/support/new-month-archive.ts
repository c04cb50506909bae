import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import type { PoliceApiDouble } from './police-api/double.ts';
import { archiveEntries, csvText, STREET_HEADER, streetRows, zipArchive } from './police-archive.ts';

/**
 * A data.police.uk archive whose new month is long enough to import that a test can stop the
 * import between its files (the scheduled update's stop tests), and the store reads they check.
 */

/** Ten forces' street files a month. */
export const FORCES = [
  ['kent', 'Kent Police'],
  ['essex', 'Essex Police'],
  ['surrey', 'Surrey Police'],
  ['sussex', 'Sussex Police'],
  ['hampshire', 'Hampshire Constabulary'],
  ['norfolk', 'Norfolk Constabulary'],
  ['suffolk', 'Suffolk Constabulary'],
  ['hertfordshire', 'Hertfordshire Constabulary'],
  ['bedfordshire', 'Bedfordshire Police'],
  ['thames-valley', 'Thames Valley Police'],
] as const;

/** Rows of each force's file in a new month: the ten files take seconds to import. */
const ROWS_PER_FILE = 6000;

/** The archive of `months` in data.police.uk's layout; the `small` months have 20 rows a file. */
export const archiveOf = (months: readonly string[], small: readonly string[] = []) =>
  zipArchive(
    archiveEntries(
      Object.fromEntries(
        months.flatMap((month, m) =>
          FORCES.map(([id, name], f) => [
            `${month}/${month}-${id}-street.csv`,
            csvText(
              STREET_HEADER,
              streetRows(small.includes(month) ? 20 : ROWS_PER_FILE, {
                month,
                forceName: name,
                seed: m * 50 + f + 1,
              }),
            ),
          ]),
        ),
      ),
    ),
  );

/**
 * Data.police.uk's side and the store's before a stop test: the store holds `held` (a small
 * month, imported here, real data so the scheduled checks are on), the double lists and serves
 * `held` and the long `newMonth`.
 */
export async function holdOneMonthAndPublishAnother(
  sequelize: Sequelize,
  police: PoliceApiDouble,
  held: string,
  newMonth: string,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cc-held-month-'));
  try {
    writeFileSync(join(folder, 'held.zip'), archiveOf([held], [held]));
    const run = await importSources(sequelize, [join(folder, 'held.zip')], {
      derivedTables: storeDerivedTables,
    });
    if (run.status !== 'completed') throw new Error(`the held month's import ended ${run.status}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  police.data.crimesStreetDates = datesOf([held, newMonth]);
  police.archive = archiveOf([held, newMonth], [held]);
}

/** crimes-street-dates listing `months`, newest first. */
export const datesOf = (months: readonly string[]) =>
  [...months].reverse().map((date) => ({ date, 'stop-and-search': ['kent'] }));

const monthNumber = (month: string) => Number(month.replace('-', ''));

async function count(sequelize: Sequelize, sql: string, replacements: unknown[]): Promise<number> {
  const [row] = await sequelize.query<{ n: unknown }>(sql, { replacements, type: QueryTypes.SELECT });
  return Number(row?.n ?? 0);
}

/** How many files of `month` an import has written (committed and recorded). */
export const filesImported = (sequelize: Sequelize, month: string) =>
  count(sequelize, 'SELECT COUNT(*) AS n FROM import_files WHERE month = ? AND status = ?', [
    monthNumber(month),
    'imported',
  ]);

/** How many forces the store holds `month`'s street crimes of. */
export const forcesHolding = (sequelize: Sequelize, month: string) =>
  count(sequelize, 'SELECT COUNT(*) AS n FROM dataset_months WHERE month = ? AND dataset = ?', [
    monthNumber(month),
    'street',
  ]);
