// The README's two commands as a newcomer types them, in a fresh clone, with another Node first on
// PATH than the one `npm test` runs on: Node 20 (end of life, still what many machines have) and
// Node 24 (an LTS line uWebSockets.js has no build for). Each line comes from the npm registry's
// `node` package, as a machine whose Node was installed with its headers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNodeLine, envWithNode } from '../../scripts/lib/node-line.mjs';
import { openViewer } from '../support/clock-viewers.ts';
import { freePort } from '../support/product.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MINUTES = 60_000;

/**
 * The environment of a person's shell: none of the variables npm, vitest or CI set for this run,
 * and no node_modules/.bin nor cached Node of this checkout on PATH.
 */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|TEST_|NODE_|CI$|INIT_CWD$)/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules') && !dir.includes('crime-clock/node-'))
    .join(delimiter);
  return env;
}

/** Runs a command to its end; its exit code and everything it printed. */
function runToEnd(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.each([20, 24])('a newcomer whose node is Node %i', (major) => {
  let folder: string;
  let clone: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    const line = ensureNodeLine(major);
    env = envWithNode(line, shellEnv());
    folder = mkdtempSync(join(tmpdir(), `crime-clock-newcomer-${major}-`));
    clone = join(folder, 'crime-clock');
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    expect(execFileSync('node', ['--version'], { env, encoding: 'utf8' })).toMatch(
      new RegExp(`^v${major}\\.`),
    );
  });

  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('npm install installs, with no install script left undecided', { timeout: 15 * MINUTES }, async () => {
    const { code, output } = await runToEnd('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: clone,
      env,
    });
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/install-scripts|not yet covered by allowScripts/);
  });

  it(
    'npm start serves the police clock, ticks over a socket, answers a search and stays up',
    { timeout: 15 * MINUTES },
    async () => {
      const port = await freePort();
      let realtimePort = await freePort();
      while (realtimePort === port) realtimePort = await freePort();
      // In a process group of its own, so that Ctrl-C can be sent as a terminal sends it: to npm,
      // the shell it starts and the product at once (npm itself does not pass SIGINT on).
      const started: ChildProcess = spawn('npm', ['start'], {
        cwd: clone,
        env: { ...env, PORT: String(port), REALTIME_PORT: String(realtimePort) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => started.on('exit', (code) => resolve(code)));
      const began = Date.now();
      try {
        const deadline = Date.now() + 12 * MINUTES;
        while (!output.includes('Crime Clock is running at')) {
          if (started.exitCode !== null || Date.now() > deadline)
            throw new Error(`npm start did not start:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        console.log(`Node ${major}: the first npm start took ${Math.round((Date.now() - began) / 1000)} s`);
        // It runs on this Node: npm start switched to no other.
        expect(output).not.toMatch(/running on Node 22/);
        const api = `http://127.0.0.1:${port}`;

        const clock = await fetch(`${api}/api/police-clock`);
        expect(clock.status).toBe(200);
        expect(((await clock.json()) as { definition: { clock: string } }).definition.clock).toBe('police');

        const viewer = openViewer(`http://127.0.0.1:${realtimePort}`, 'police');
        try {
          const tickDeadline = Date.now() + 30_000;
          while (viewer.tickTimes.length < 2 && Date.now() < tickDeadline)
            await new Promise((resolve) => setTimeout(resolve, 200));
          expect(viewer.tickTimes.length, JSON.stringify(viewer.joinErrors)).toBeGreaterThanOrEqual(2);
          expect(viewer.lastTick?.n).toBeGreaterThan(0);
        } finally {
          viewer.socket.close();
        }

        const search = await fetch(`${api}/api/crimes/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: api },
          body: JSON.stringify({ searchType: 'force', forceId: 'kent' }),
        });
        const answer = (await search.json()) as { pagination?: { total: number } };
        expect(search.status, JSON.stringify(answer)).toBe(200);
        expect(answer.pagination?.total).toBeGreaterThan(0);

        const health = await fetch(`http://127.0.0.1:${realtimePort}/health`);
        expect(health.status).toBe(200);
        // Still up after all that: no process of it has exited.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(started.exitCode).toBeNull();
        expect(output).not.toMatch(/exited unexpectedly/);
      } finally {
        if (started.exitCode === null) process.kill(-started.pid!, 'SIGINT');
        const stopped = await Promise.race([
          exited,
          new Promise((resolve) => setTimeout(resolve, 30_000, 'still running')),
        ]);
        if (stopped === 'still running') process.kill(-started.pid!, 'SIGKILL');
        expect(stopped, 'Ctrl-C stops npm start').not.toBe('still running');
      }
    },
  );

  it('the unit tests of npm test pass on it', { timeout: 20 * MINUTES }, async () => {
    const { code, output } = await runToEnd('npm', ['test', '--', '--only', 'unit', '--this-node'], {
      cwd: clone,
      env: { ...env, TEST_SERVICES: 'skip' },
    });
    expect(code, output.slice(-4000)).toBe(0);
    expect(output).toMatch(/tests: [1-9]\d* passed, 0 failed/);
  });
});
