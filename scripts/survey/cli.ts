// `npm run survey:figures -- <file.json> | --shipped | --show`: replaces the survey clock's figures
// (format crime-clock/csew-figures@1) in the configured database, as the admin survey data page's
// upload does. The file is checked first; nothing changes when it is wrong (exit 1, with the field).
import { existsSync, readFileSync } from 'node:fs';
import { configOrFail } from '../../common/config/config.ts';
import { CsewFiguresError } from '../../common/survey/csew-data.ts';
import { createCsewFiguresService } from '../../api/src/clocks/csew-figures-service.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';

const USAGE = `Usage:
  npm run survey:figures -- <figures.json>   use these figures (checked first)
  npm run survey:figures -- --shipped        go back to the figures shipped with this version
  npm run survey:figures -- --show           say which figures are in use`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length !== 1) fail(USAGE);
const [arg] = args as [string];

let document: unknown;
if (!arg.startsWith('--')) {
  if (!existsSync(arg)) fail(`${arg}: no such file.`);
  try {
    document = JSON.parse(readFileSync(arg, 'utf8'));
  } catch (error) {
    fail(
      `${arg} is not JSON (${error instanceof Error ? error.message : String(error)}); nothing was changed.`,
    );
  }
} else if (arg !== '--shipped' && arg !== '--show') fail(USAGE);

if (existsSync('.env')) process.loadEnvFile('.env');
const config = configOrFail(process.env, 'survey:figures', fail);
const sequelize = openDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(sequelize);
  const figures = createCsewFiguresService({ sequelize });
  const inUse =
    arg === '--show'
      ? await figures.current()
      : arg === '--shipped'
        ? await figures.revert('cli')
        : await figures.replace(document, 'cli');
  const what = `${inUse.figures.source.title} (released ${inUse.figures.source.released}; next: ${inUse.figures.nextUpdate}${inUse.figures.nextUpdateDate ? ` on ${inUse.figures.nextUpdateDate}` : ''})`;
  console.log(
    arg === '--show'
      ? `In use: ${what}${inUse.uploadedAt ? `, uploaded by ${inUse.uploadedBy} at ${inUse.uploadedAt}` : ', shipped with this version'}.`
      : `The survey clock now uses ${what}. Running clocks take it within CLOCK_REFRESH_SECONDS.`,
  );
} catch (error) {
  if (error instanceof CsewFiguresError) fail(`${arg}: ${error.message}. Nothing was changed.`);
  throw error;
} finally {
  await sequelize.close();
}
