// Runs one of the product's commands (`npm run import`, `admin`, `survey:figures`, `db:migrate`,
// `data:sample`): from its TypeScript source where the source is there (a checkout, through tsx),
// else from the build (the production image holds only dist/, and no tsx: it is a dev dependency).
// The command runs in this process, so its exit status and its Ctrl-C handling are its own.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Each command's module, from the repository's root (its build is the same path under dist/).
const COMMANDS = {
  import: 'api/src/police-data/import/cli/import-command',
  admin: 'scripts/admin/cli',
  survey: 'scripts/survey/cli',
  migrate: 'scripts/db/migrate',
  sample: 'scripts/data-sample/cli',
};
// The native modules each command loads, proved on this Node before it runs (server-common/runtime/).
const NATIVE_MODULES = {
  import: ['SQLITE3'],
  admin: ['SQLITE3', 'ARGON2'],
  survey: ['SQLITE3'],
  migrate: ['SQLITE3'],
  sample: [],
};

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const [name, ...args] = process.argv.slice(2);
const module = COMMANDS[name];
if (!module) {
  console.error(`usage: node scripts/cli.mjs <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(1);
}

const source = join(root, `${module}.ts`);
const built = join(root, 'dist', `${module}.js`);
// The command reads its own arguments from process.argv, as when it is started directly.
process.argv.splice(2, process.argv.length - 2, ...args);
const fromSource = existsSync(source);
if (!fromSource && !existsSync(built)) {
  console.error(`Neither ${source} nor its build ${built} is here: run \`npm run build\` first.`);
  process.exit(1);
}
if (fromSource) {
  const { register } = await import('tsx/esm/api');
  register();
}
/** A module of the product, from its source in a checkout, from its build in the image. */
const load = (path) =>
  import(pathToFileURL(fromSource ? join(root, `${path}.ts`) : join(root, 'dist', `${path}.js`)).href);
const { checkRuntimeOrExit } = await load('server-common/runtime/preflight');
const natives = await load('server-common/runtime/native-modules');
checkRuntimeOrExit(
  `npm run ${process.env.npm_lifecycle_event ?? name}`,
  NATIVE_MODULES[name].map((key) => natives[key]),
);
await import(pathToFileURL(fromSource ? source : built).href);
