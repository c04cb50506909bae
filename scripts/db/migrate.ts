// `npm run db:migrate`: brings the configured database (DATABASE_URL, default SQLite) up to date.
import { existsSync } from 'node:fs';
import { configOrFail } from '../../common/config/config.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { checkDatabaseServer } from '../../api/src/db/server-check.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrFail(process.env, 'db:migrate', (message) => {
  console.error(message);
  process.exit(1);
});
const sequelize = openDatabase({ url: config.databaseUrl });
try {
  await checkDatabaseServer(sequelize, 'api');
  const ran = await migrateToLatest(sequelize);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(`Cannot migrate the database: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await sequelize.close();
}
