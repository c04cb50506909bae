import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import semver from 'semver';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, the search's fast SQLite reader (reads.ts), when this Node can run it. It is a
 * fast path, not a condition of working: on a Node it does not support (13.x needs Node 22; on
 * Node 20 its first statement crashes the process) the reads go through Sequelize instead. The
 * API's entry probes it in a child process (server.ts) and turns it off here when the probe
 * fails; without that probe (tests, scripts) its `engines` decides.
 */
const require = createRequire(import.meta.url);

let offBecause: string | undefined;
let loaded: typeof BetterSqlite3 | undefined;

export function disableFastSqliteReads(reason: string): void {
  offBecause = reason;
}

/** Why the fast reader is off on this Node, or undefined when it is on. */
export function fastSqliteReadsOff(): string | undefined {
  if (offBecause !== undefined) return offBecause;
  // Its package.json is not among its exports: read from the folder its entry (lib/index.js) is in.
  const manifest = join(dirname(dirname(require.resolve('better-sqlite3'))), 'package.json');
  const { engines } = JSON.parse(readFileSync(manifest, 'utf8')) as { engines?: { node?: string } };
  if (engines?.node && !semver.satisfies(process.versions.node, engines.node))
    offBecause = `supports Node ${engines.node} only, not ${process.version}`;
  return offBecause;
}

/** The better-sqlite3 constructor, or undefined where this Node cannot run it. */
export function fastSqliteDriver(): typeof BetterSqlite3 | undefined {
  if (fastSqliteReadsOff() !== undefined) return undefined;
  loaded ??= require('better-sqlite3') as typeof BetterSqlite3;
  return loaded;
}
