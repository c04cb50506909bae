/**
 * Realtime nodes for the benchmark, each in its own process as production runs them: from source
 * (`node --import tsx realtime/src/server.ts`) or from the build (`dist/realtime/src/server.js`),
 * with LOG_LEVEL=warn, behind the API double, and with Redis when several nodes share rooms; and the
 * bare uWebSockets.js baseline (baseline-server.ts) the same way, for comparison.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
const WATCHDOG = join(import.meta.dirname, 'watchdog.ts');
const BASELINE_SERVER = join(import.meta.dirname, 'baseline-server.ts');
export const DIST_SERVER = join(ROOT, 'dist', 'realtime', 'src', 'server.js');

export interface NodeOptions {
  index: number;
  apiUrl: string;
  redisUrl?: string;
  fromDist: boolean;
  /** REALTIME_ENGINE of the node. */
  engine: 'uws' | 'node';
  /** Extra Node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  maxLifetimeMs: number;
}

export interface RealtimeNodeProcess {
  index: number;
  port: number;
  pid: number;
  url: string;
  output(): string;
  exited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export async function startNode(options: NodeOptions): Promise<RealtimeNodeProcess> {
  if (options.fromDist && !existsSync(DIST_SERVER)) {
    throw new Error(`${DIST_SERVER} is missing: run \`npm run build:server\` or leave out --dist`);
  }
  return spawnServer({
    name: `realtime node ${options.index}`,
    index: options.index,
    entry: options.fromDist ? DIST_SERVER : 'realtime/src/server.ts',
    nodeFlags: options.nodeFlags ?? [],
    maxLifetimeMs: options.maxLifetimeMs,
    env: {
      NODE_ENV: 'production',
      API_INTERNAL_URL: options.apiUrl,
      CLOCK_REFRESH_SECONDS: '30',
      LOG_LEVEL: 'warn',
      REDIS_URL: options.redisUrl ?? '',
      REALTIME_ENGINE: options.engine,
      // The light clients share a few loopback addresses: the per-address cap would refuse them.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    },
    // Ready when listening and the police definition has come from the API double.
    ready: (health) => Boolean(health.clocks?.police),
  });
}

export interface BaselineOptions {
  index: number;
  /** JSON file with the clock definition whose ticks the baseline publishes. */
  definitionFile: string;
  nodeFlags?: string[];
  maxLifetimeMs: number;
}

/** The bare uWebSockets.js baseline, in its own process like a node. */
export function startBaseline(options: BaselineOptions): Promise<RealtimeNodeProcess> {
  return spawnServer({
    name: 'uWS baseline',
    index: options.index,
    entry: BASELINE_SERVER,
    nodeFlags: options.nodeFlags ?? [],
    maxLifetimeMs: options.maxLifetimeMs,
    env: { NODE_ENV: 'production', BENCH_BASELINE_DEFINITION: options.definitionFile },
    ready: (health) => health.status === 'ok',
  });
}

interface SpawnOptions {
  name: string;
  index: number;
  entry: string;
  nodeFlags: string[];
  maxLifetimeMs: number;
  env: Record<string, string>;
  ready: (health: { status?: string; clocks?: Record<string, string | null> }) => boolean;
}

async function spawnServer(options: SpawnOptions): Promise<RealtimeNodeProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...options.nodeFlags, '--import', 'tsx', '--import', WATCHDOG, options.entry],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...options.env,
        HOST: '127.0.0.1',
        REALTIME_PORT: String(port),
        BENCH_WATCHDOG_PARENT: String(process.pid),
        BENCH_WATCHDOG_MAX_MS: String(options.maxLifetimeMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isGone = () => child.exitCode !== null || child.signalCode !== null;
  const node: RealtimeNodeProcess = {
    index: options.index,
    port,
    pid: child.pid ?? -1,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited: isGone,
    async stop(graceMs = 10_000) {
      if (isGone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (isGone()) throw new Error(`${options.name} exited during start-up:\n${output}`);
    const health = await fetch(`${node.url}/health`, { signal: AbortSignal.timeout(2000) })
      .then((res) => (res.ok ? (res.json() as Promise<Parameters<SpawnOptions['ready']>[0]>) : undefined))
      .catch(() => undefined);
    if (health && options.ready(health)) break;
    if (Date.now() > deadline) {
      await node.stop(1000);
      throw new Error(`${options.name} did not become ready in 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return node;
}

/** The node's /health document (includes its connected-client count). */
export async function nodeHealth(node: RealtimeNodeProcess): Promise<Record<string, unknown> | undefined> {
  try {
    const res = await fetch(`${node.url}/health`, { signal: AbortSignal.timeout(5000) });
    // 503 is a node saying why it should get no new visitors (at its cap): its figures still count.
    return res.ok || res.status === 503 ? ((await res.json()) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
