// Decides whether `npm start` must rebuild: the build is stale when any source file is newer than
// the stamp written after the last successful build.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'api/src',
  'realtime/src',
  'common',
  'scripts',
  'ui',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'vite.config.ts',
];
const STAMP = 'dist/.build-stamp';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsStale(root) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

export function markBuilt(root) {
  writeFileSync(join(root, STAMP), new Date().toISOString());
}
