import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** What a finished run of the import command left. */
export interface ImportRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ImportRunOptions {
  /** Checked against stderr as it arrives: when it matches, the process gets `signal`, once. */
  killWhen?: RegExp;
  /** SIGKILL (as from `kill -9`) unless told otherwise. */
  signal?: NodeJS.Signals;
}

/**
 * Runs the import command as `npm run import` does (tsx, in a process of its own, from the
 * repository's root) with `env` over this process's environment.
 */
export function runImportCommand(
  args: string[],
  env: Record<string, string>,
  { killWhen, signal = 'SIGKILL' }: ImportRunOptions = {},
): Promise<ImportRun> & { pid: number } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'api/src/police-data/import/cli/import-command.ts', ...args],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let signalled = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!signalled && killWhen?.test(stderr) && child.exitCode === null) {
      signalled = true;
      child.kill(signal);
    }
  });
  const done = new Promise<ImportRun>((resolve) =>
    child.on('close', (code, closeSignal) => resolve({ code, signal: closeSignal, stdout, stderr })),
  );
  return Object.assign(done, { pid: child.pid! });
}
