import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

/** How a child `npm run import` ended: its status as its exit code says (docs/commands.md, "Importing police data"). */
export interface ImportProcessResult {
  /** `stopped`: by a signal (Ctrl-C, SIGTERM), the file under way rolled back, the files before it kept. */
  status: 'completed' | 'partial' | 'failed' | 'busy' | 'stopped';
  /** The last lines it wrote (its summary, or why it could not run). */
  output: string;
}

/** `signal` stops the import the honest way (SIGTERM: the file under way rolled back, the run recorded as stopped). */
export type RunImport = (archiveUrl: string, signal?: AbortSignal) => Promise<ImportProcessResult>;

const LAST_LINES = 6;
/** The importer's exit codes when stopped by Ctrl-C or SIGTERM (api/src/police-data/import/cli/import-command.ts). */
const STOPPED_EXIT_CODES = [130, 143];

/**
 * Runs the importer as `npm run import` does (scripts/cli.mjs, one libuv thread, a compact heap) in a
 * child process, so an import of hundreds of megabytes never holds the API's event loop: the
 * importer's own honesty (its exit code: 0 completed, 2 partial, 1 failed) and its import lease
 * (a second import anywhere is refused) come with it unchanged.
 */
export function importProcess(options: { databaseUrl: string; env?: NodeJS.ProcessEnv }): RunImport {
  return (archiveUrl, signal) =>
    new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['--optimize-for-size', join(projectRoot, 'scripts', 'cli.mjs'), 'import', archiveUrl],
        {
          cwd: projectRoot,
          env: {
            ...process.env,
            ...options.env,
            DATABASE_URL: options.databaseUrl,
            UV_THREADPOOL_SIZE: '1',
            npm_lifecycle_event: 'import',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
          ...(signal ? { signal, killSignal: 'SIGTERM' as const } : {}),
        },
      );
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-20_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const lastLines = () => output.trim().split('\n').slice(-LAST_LINES).join('\n');
      // An abort is reported as an error too; its close follows and says how the run ended.
      child.on('error', (error) => {
        if (error.name !== 'AbortError') resolve({ status: 'failed', output: error.message });
      });
      child.on('close', (code, killedBy) => {
        if (code === 0) return resolve({ status: 'completed', output: lastLines() });
        if (code === 2) return resolve({ status: 'partial', output: lastLines() });
        if (killedBy !== null || (code !== null && STOPPED_EXIT_CODES.includes(code)))
          return resolve({ status: 'stopped', output: lastLines() });
        // LeaseHeldError's message (import-lease.ts): another import holds the store.
        if (/Another import is running/.test(output)) return resolve({ status: 'busy', output: lastLines() });
        resolve({ status: 'failed', output: lastLines() || `the import exited with code ${code}` });
      });
    });
}
