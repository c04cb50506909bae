import { execFileSync } from 'node:child_process';
import { buildIsStale, markBuilt } from '../../scripts/lib/build-freshness.mjs';
import { ROOT } from '../support/api-process.ts';

/**
 * These tests attack the API as `npm start` runs it (dist/). `npm test` builds once before them;
 * run alone, they build here when the build is older than its sources (the same check and the same
 * build as `npm start`), so they never attack stale code and the next start does not build again.
 */
export function ensureBuiltApi(): void {
  if (!buildIsStale(ROOT)) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  markBuilt(ROOT);
}
