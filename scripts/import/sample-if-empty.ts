// Run by `npm start` before the servers: on a store with no police data, generate the synthetic
// start sample (scripts/data-sample/start-sample.ts: every force at a realistic volume for one
// month) under DATA_DIR and import it, so search and the police clock work on a fresh machine. Does nothing when the store holds data or AUTO_SAMPLE=false.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { configOrFail } from '../../common/config/config.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { formatSummary, importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { generateSample } from '../data-sample/generate.ts';
import { START_SAMPLE } from '../data-sample/start-sample.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrFail(process.env, 'sample import', (message) => {
  console.error(message);
  process.exit(1);
});

if (config.autoSample) {
  const sequelize = openDatabase({ url: config.databaseUrl });
  try {
    await migrateToLatest(sequelize);
    const [row] = await sequelize.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM dataset_months', {
      type: QueryTypes.SELECT,
    });
    if (Number(row?.n ?? 0) === 0) {
      const outDir = join(config.dataDir, 'sample');
      console.log(
        'The police data store is empty: importing a SYNTHETIC sample (every force, one month) so the product has data.',
      );
      console.log(
        'Import real data.police.uk data with `npm run import -- --latest` (or a downloaded archive).',
      );
      if (!existsSync(join(outDir, 'SYNTHETIC.txt'))) await generateSample({ outDir, ...START_SAMPLE });
      const summary = await importSources(sequelize, [outDir], {
        derivedTables: storeDerivedTables,
        synthetic: true,
      });
      console.log(formatSummary(summary).split('\n').slice(-3).join('\n'));
    }
  } finally {
    await sequelize.close();
  }
}
