// Which modules a process loads: `MODULE_LOG=/tmp/list.txt node --import tsx --import ./scripts/bench/log-modules.mjs <entry>`
// (after tsx, or before scripts/cli.mjs, which registers tsx itself). Writes every module's URL to
// MODULE_LOG, one a line, duplicates possible (`sort -u`): ES modules from a load hook, which
// appends each at once from the hooks' thread so a process.exit loses none, and CommonJS ones
// from require's cache at exit. Used to compare the importer's start-up between commits
// (docs/benchmarks.md).
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const log = process.env.MODULE_LOG;
if (log) {
  writeFileSync(log, '');
  const hook = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const require = createRequire(import.meta.url);
  process.on('exit', () => {
    const paths = Object.keys(require.cache);
    appendFileSync(log, paths.map((path) => `file://${path}\n`).join(''));
  });
}
