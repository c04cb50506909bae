import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSample } from '../../scripts/data-sample/generate.ts';

/** The sample the product tests run on: 7 forces, 6 months, about 5,000 street rows a month. */
const TEST_SAMPLE = { months: 6, scale: 1 } as const;

export interface RunningProduct {
  baseUrl: string;
  realtimeUrl: string;
  dataDir: string;
  /** Everything the product printed so far. */
  output(): string;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the product exactly as `npm start` does (scripts/start.mjs: build if stale, API +
 * realtime), on free ports with a throwaway SQLite store, and waits until it says it is running.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const apiPort = await freePort();
  // Two calls can hand out the same port; the two servers must not share one.
  let realtimePort = await freePort();
  while (realtimePort === apiPort) realtimePort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crime-clock-product-'));
  // The start sample is national-sized (scripts/data-sample/start-sample.ts, checked by its own
  // test); the browser tests run on the small one their expectations were written for, left
  // where `npm start` looks for an already generated sample.
  if (env.AUTO_SAMPLE !== 'false') await generateSample({ outDir: join(dataDir, 'sample'), ...TEST_SAMPLE });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      REALTIME_PORT: String(realtimePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'crime-clock.sqlite')}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const deadline = Date.now() + 240_000;
  while (!output.includes('Crime Clock is running at')) {
    if (child.exitCode !== null) throw new Error(`The product exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The product did not start within 240 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl: `http://127.0.0.1:${apiPort}`,
    realtimeUrl: `http://127.0.0.1:${realtimePort}`,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
