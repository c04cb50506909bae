// The step `npm start` runs before the servers: on a store with no police data, import a
// synthetic sample generated under DATA_DIR, so search and the police clock work on a fresh
// machine. Does nothing when the store holds data or AUTO_SAMPLE=false. The sample's generator is
// handed in by its launcher (scripts/data-sample/sample-if-empty.ts): the importer imports files,
// the synthetic data's maker lives with the sample command.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { configOrFail } from '../../../../../common/config/config.ts';
import { openDatabase } from '../../../db/connection.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { storeDerivedTables } from '../../store-derived-tables.ts';
import { importSources } from './compose-import.ts';
import { formatSummary } from '../report.ts';

/** Writes the synthetic sample's files into `outDir` (a folder as data.police.uk's archive holds). */
export type PrepareSample = (outDir: string) => Promise<unknown>;

async function storeIsEmpty(sequelize: Sequelize): Promise<boolean> {
  const [row] = await sequelize.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM dataset_months', {
    type: QueryTypes.SELECT,
  });
  return Number(row?.n ?? 0) === 0;
}

/**
 * The sample step's composition root: the one place it opens the store. The sample is generated
 * once into DATA_DIR/sample (a later empty store reuses it) and imported as synthetic.
 */
export async function importSampleIfEmpty(prepareSample: PrepareSample): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = configOrFail(process.env, 'sample import', (message) => {
    console.error(message);
    process.exit(1);
  });
  if (!config.autoSample) return;

  const sequelize = openDatabase({ url: config.databaseUrl });
  try {
    await migrateToLatest(sequelize);
    if (!(await storeIsEmpty(sequelize))) return;
    const outDir = join(config.dataDir, 'sample');
    console.log(
      'The police data store is empty: importing a SYNTHETIC sample (every force, one month) so the product has data.',
    );
    console.log(
      'Import real data.police.uk data with `npm run import -- --latest` (or a downloaded archive).',
    );
    if (!existsSync(join(outDir, 'SYNTHETIC.txt'))) await prepareSample(outDir);
    const summary = await importSources(sequelize, [outDir], {
      derivedTables: storeDerivedTables,
      synthetic: true,
    });
    console.log(formatSummary(summary).split('\n').slice(-3).join('\n'));
  } finally {
    await sequelize.close();
  }
}
