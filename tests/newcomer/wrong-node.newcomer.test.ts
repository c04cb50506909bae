// Each process of the product started directly (as the image and `npm run` start them) on a Node
// its native modules do not work on: Node 18, from the npm registry's `node` package. Each must
// stop at once with one message naming the Node it needs and the fix, and not die of a signal at
// its first request.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNodeLine, productNodeRange } from '../../scripts/lib/node-line.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

const PROCESSES = [
  { name: 'Crime Clock API', args: ['dist/api/src/server.js'] },
  { name: 'Crime Clock realtime server', args: ['dist/realtime/src/server.js'] },
  { name: 'npm run import', args: ['scripts/cli.mjs', 'import', 'data/none'] },
  { name: 'npm run admin', args: ['scripts/cli.mjs', 'admin', 'list'] },
];

describe('a process started on Node 18', () => {
  let node: string;
  let dataDir: string;

  beforeAll(() => {
    node = ensureNodeLine(18).bin;
    dataDir = mkdtempSync(join(tmpdir(), 'crime-clock-wrong-node-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(PROCESSES)('$name stops with the Node it needs and the fix', async ({ name, args }) => {
    const child = spawn(node, args, {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${join(dataDir, 'store.sqlite')}`,
        npm_lifecycle_event: args[1] === 'import' ? 'import' : 'admin',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // One that does not stop by itself is killed, and fails below.
    const stopper = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) =>
        child.on('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
    );
    clearTimeout(stopper);
    expect(signal, output).toBeNull();
    expect(code, output).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain(`${name} cannot run on Node v18.`);
    expect(output).toContain(`It needs Node ${productNodeRange()}`);
    expect(output).toContain('. scripts/node-lts.sh');
  });
});
