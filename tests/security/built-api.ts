import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/api-process.ts';

// What the built API is compiled from (tsconfig.build.json): newer than the build means rebuild.
const SERVER_SOURCES = [
  'api/src',
  'common',
  'tsconfig.build.json',
  'tsconfig.base.json',
  'package-lock.json',
];
const BUILT_SERVER = join(ROOT, 'dist', 'api', 'src', 'server.js');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * These tests attack the API as `npm start` runs it (dist/), and `npm test` runs integration tests
 * before its build step: the server is compiled here when dist/ is missing or older than its
 * sources, so the tests never attack stale code.
 */
export function ensureBuiltApi(): void {
  const built = existsSync(BUILT_SERVER) ? statSync(BUILT_SERVER).mtimeMs : 0;
  if (SERVER_SOURCES.some((source) => newestMtime(join(ROOT, source)) > built)) {
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  }
}
