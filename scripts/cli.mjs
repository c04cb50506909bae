// Runs one of the product's commands (`npm run import`, `admin`, `survey:figures`, `db:migrate`,
// `data:sample`): from its TypeScript source where the source is there (a checkout, through tsx),
// else from the build (the production image holds only dist/, and no tsx: it is a dev dependency).
// The command runs in this process, so its exit status and its Ctrl-C handling are its own.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const COMMANDS = {
  import: 'import/cli',
  admin: 'admin/cli',
  survey: 'survey/cli',
  migrate: 'db/migrate',
  sample: 'data-sample/cli',
};

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const [name, ...args] = process.argv.slice(2);
const module = COMMANDS[name];
if (!module) {
  console.error(`usage: node scripts/cli.mjs <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(1);
}

const source = join(root, 'scripts', `${module}.ts`);
const built = join(root, 'dist', 'scripts', `${module}.js`);
// The command reads its own arguments from process.argv, as when it is started directly.
process.argv.splice(2, process.argv.length - 2, ...args);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error(`Neither ${source} nor its build ${built} is here: run \`npm run build\` first.`);
  process.exit(1);
}
