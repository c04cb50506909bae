/**
 * The production topology of docker-compose.yml as local processes on loopback: the machine's
 * MySQL and Redis, N API nodes, N realtime nodes (two of each by default) and HAProxy in front
 * (deploy/haproxy.cfg rendered for the local ports, see haproxy.ts), the nodes run from the build
 * (`npm run build` first).
 *
 *   const cluster = await startCluster({ databaseUrl, redisUrl });
 *   await fetch(`${cluster.url}/api/health`);
 *   await cluster.realtime[0].kill('SIGKILL');
 *   await cluster.realtime[0].restart();
 *   await cluster.stop();
 *
 * Start order: the database is created when missing, the synthetic sample imported into an empty
 * store (optional), then the proxy, API node 1 alone (it migrates and creates the first admin),
 * then the other API nodes and the realtime nodes together. `stop()` ends everything that was started; so does
 * a failed start, and the exit of this process (children are killed then, at the latest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import {
  haproxyBinary,
  haproxyConfigPath,
  haproxyStatus,
  renderHaproxyConfig,
  type BackendAddress,
  type BackendRole,
  type BackendStatus,
} from './haproxy.ts';
import { createDatabaseSql } from '../lib/create-database.ts';

export type { BackendStatus } from './haproxy.ts';

export type ClusterRole = 'proxy' | 'api' | 'realtime';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ClusterProcess {
  /** proxy, api-1, api-2, realtime-1, … */
  readonly name: string;
  readonly role: ClusterRole;
  readonly port: number;
  /** Its own base URL (the proxy's is the cluster's public URL). */
  readonly url: string;
  /** Pid of the current run (undefined before the first start). */
  pid(): number | undefined;
  running(): boolean;
  /** Everything printed by every run so far (stdout and stderr). */
  output(): string;
  /** Resolves when the current run exits. */
  exited(): Promise<ExitInfo>;
  /** Sends the signal (SIGTERM by default) and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<ExitInfo>;
  /** Starts it again when it is not running (same port, same environment) and waits until it answers. */
  start(): Promise<void>;
  /** SIGTERM if running, then start. */
  restart(): Promise<void>;
}

export interface NodeRef {
  role: ClusterRole;
  /** 1-based. */
  index: number;
}

export interface ClusterOptions {
  /** Default: $DATABASE_URL, else mysql://root@127.0.0.1:3306/crime_clock_cluster. Created when missing. */
  databaseUrl?: string;
  /** Default: $REDIS_URL, else redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Loopback address every process listens on. */
  host?: string;
  /** The proxy's port (the public one); 0 or unset = a free port. */
  port?: number;
  apiNodes?: number;
  realtimeNodes?: number;
  /** Shared DATA_DIR (secret key file, generated sample). Default: a temporary folder removed at stop. */
  dataDir?: string;
  /** SECRET_KEY for every node (default $SECRET_KEY, else the key file in dataDir that API node 1 creates). */
  secretKey?: string;
  /**
   * true (default): import the synthetic sample when the store has no police data, as `npm start`
   * does. An object: generate a sample of that size and import it whatever the store holds (quick
   * small stores for tests). false: nothing.
   */
  sample?: boolean | { months: number; scale: number };
  /** LOG_LEVEL of every process (default $LOG_LEVEL, else warn). */
  logLevel?: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Extra environment for one process (after `env`). */
  nodeEnv?: (node: NodeRef) => Record<string, string> | undefined;
  /**
   * HAProxy's per-address edge limits (PROXY_MAX_CONNECTIONS_PER_ADDRESS and
   * PROXY_MAX_REQUESTS_PER_ADDRESS of deploy/haproxy.cfg); unset: the file's defaults.
   */
  edgeLimits?: { connectionsPerAddress?: number; requestsPerAddress?: number };
  /** Drop the database at stop (for throwaway test databases). */
  dropDatabaseOnStop?: boolean;
  /** Stop the cluster on SIGINT/SIGTERM/SIGHUP to this process, then exit (for the CLI). */
  handleSignals?: boolean;
  /** Each line a process prints, as it prints it. */
  onOutput?: (processName: string, line: string) => void;
  /** Per process start-up limit. */
  startTimeoutMs?: number;
}

export interface Cluster {
  /** The proxy: the site, the API and the realtime server all behind one origin. */
  url: string;
  /** HAProxy's stats page (not routed publicly); `${statsUrl}/stats` for a person. */
  statsUrl: string;
  /** The rendered HAProxy configuration the proxy runs. */
  proxyConfig: string;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  proxy: ClusterProcess;
  api: ClusterProcess[];
  realtime: ClusterProcess[];
  /** Every process, proxy first. */
  processes: ClusterProcess[];
  /** What the proxy currently knows of its backends (from HAProxy's stats). */
  proxyStatus(): Promise<BackendStatus[]>;
  /** Waits until the proxy sees each listed backend (default: all) alive, or dead with `alive: false`. */
  waitForProxy(nodes?: ClusterProcess[], alive?: boolean, timeoutMs?: number): Promise<void>;
  /** SIGTERM to every running process, SIGKILL to any still running after the timeout. */
  stop(timeoutMs?: number): Promise<Record<string, ExitInfo>>;
}

export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/crime_clock_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const MAX_OUTPUT = 4 * 1024 * 1024;

export const repoRoot = findRepoRoot(import.meta.dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'api'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no Crime Clock checkout above ${from}`);
  }
}

const built = {
  api: join(repoRoot, 'dist', 'api', 'src', 'server.js'),
  realtime: join(repoRoot, 'dist', 'realtime', 'src', 'server.js'),
  sample: join(repoRoot, 'dist', 'scripts', 'data-sample', 'sample-if-empty.js'),
  sampleGenerator: join(repoRoot, 'dist', 'scripts', 'data-sample', 'cli.js'),
  importer: join(repoRoot, 'dist', 'api', 'src', 'police-data', 'import', 'cli', 'import-command.js'),
};

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  for (const file of Object.values(built)) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const host = options.host ?? '127.0.0.1';
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir
    ? resolve(options.dataDir)
    : mkdtempSync(join(tmpdir(), 'crime-clock-cluster-'));
  mkdirSync(dataDir, { recursive: true });
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const secretKey = options.secretKey ?? process.env.SECRET_KEY;

  // Every port from one call, so no two are the same: the realtime nodes' uWebSockets.js listens
  // with SO_REUSEPORT, so a node given another process's port would share it without an error and
  // answer half of that process's connections.
  const apiCount = options.apiNodes ?? 2;
  const realtimeCount = options.realtimeNodes ?? 2;
  const ports = await freePorts(host, 2 + apiCount + realtimeCount, options.port ? [options.port] : []);
  const proxyPort = options.port || ports[0]!;
  const statsPort = ports[1]!;
  const apiPorts = ports.slice(2, 2 + apiCount);
  const realtimePorts = ports.slice(2 + apiCount);
  const proxyUrl = `http://${host}:${proxyPort}`;
  const urlOf = (port: number) => `http://${host}:${port}`;

  const common: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: host,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    // Browsers and realtime nodes go through the proxy, as they would through a load balancer.
    PUBLIC_REALTIME_URL: proxyUrl,
    API_INTERNAL_URL: proxyUrl,
    // HAProxy sets X-Forwarded-For to the visitor's address: the API trusts exactly that one hop.
    TRUST_PROXY: '1',
    AUTO_SAMPLE: 'false',
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
    ...(secretKey ? { SECRET_KEY: secretKey } : {}),
  };
  const envFor = (node: NodeRef, own: Record<string, string>) => ({
    ...process.env,
    ...common,
    ...own,
    ...options.env,
    ...options.nodeEnv?.(node),
  });

  const processes: ManagedProcess[] = [];
  const spawnOptions = { onOutput: options.onOutput, startTimeoutMs };
  const statsUrl = urlOf(statsPort);
  const backends: Record<BackendRole, BackendAddress[]> = {
    api: apiPorts.map((port) => ({ host, port })),
    realtime: realtimePorts.map((port) => ({ host, port })),
  };
  const proxyConfig = join(dataDir, 'haproxy.cfg');
  writeFileSync(
    proxyConfig,
    renderHaproxyConfig(backends, readFileSync(haproxyConfigPath(repoRoot), 'utf8')),
  );
  const limits = options.edgeLimits ?? {};
  const proxy = managedProcess(
    {
      name: 'proxy',
      role: 'proxy',
      port: proxyPort,
      url: proxyUrl,
      command: haproxyBinary(),
      args: ['-db', '-f', proxyConfig],
      // HAProxy's graceful stop (stop listening, let sessions end) is SIGUSR1; SIGTERM cuts all.
      signals: { SIGTERM: 'SIGUSR1' },
      // Its stats page: the public port's answers depend on the nodes, which start after it.
      readyUrl: `${statsUrl}/stats`,
      env: {
        ...process.env,
        PROXY_HOST: host,
        PROXY_PORT: String(proxyPort),
        PROXY_STATS_HOST: host,
        PROXY_STATS_PORT: String(statsPort),
        ...(limits.connectionsPerAddress !== undefined
          ? { PROXY_MAX_CONNECTIONS_PER_ADDRESS: String(limits.connectionsPerAddress) }
          : {}),
        ...(limits.requestsPerAddress !== undefined
          ? { PROXY_MAX_REQUESTS_PER_ADDRESS: String(limits.requestsPerAddress) }
          : {}),
      },
    },
    spawnOptions,
  );
  const api = apiPorts.map((port, i) =>
    managedProcess(
      {
        name: `api-${i + 1}`,
        role: 'api',
        port,
        url: urlOf(port),
        command: process.execPath,
        args: [built.api],
        readyUrl: `${urlOf(port)}/api/health`,
        env: envFor({ role: 'api', index: i + 1 }, { PORT: String(port) }),
      },
      spawnOptions,
    ),
  );
  const realtime = realtimePorts.map((port, i) =>
    managedProcess(
      {
        name: `realtime-${i + 1}`,
        role: 'realtime',
        port,
        url: urlOf(port),
        command: process.execPath,
        args: [built.realtime],
        readyUrl: `${urlOf(port)}/health`,
        ready: () => servesPoliceClock(urlOf(port), proxyUrl),
        env: envFor({ role: 'realtime', index: i + 1 }, { REALTIME_PORT: String(port) }),
      },
      spawnOptions,
    ),
  );
  processes.push(proxy, ...api, ...realtime);

  // Whatever happens to this process, its children do not outlive it.
  const killAll = () => {
    for (const p of processes) p.forceKill();
  };
  process.on('exit', killAll);
  let stopped: Promise<Record<string, ExitInfo>> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    options.onOutput?.('cluster', `${signal}: stopping every process`);
    void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const signals: NodeJS.Signals[] = options.handleSignals ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : [];
  for (const signal of signals) process.on(signal, onSignal);

  async function stop(timeoutMs = 15_000): Promise<Record<string, ExitInfo>> {
    stopped ??= (async () => {
      const results = await Promise.all(processes.map((p) => p.stopWithin(timeoutMs)));
      process.off('exit', killAll);
      for (const signal of signals) process.off(signal, onSignal);
      if (options.dropDatabaseOnStop) await dropDatabase(databaseUrl).catch(() => {});
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      return Object.fromEntries(processes.map((p, i) => [p.name, results[i]!]));
    })();
    return stopped;
  }

  const proxyStatus = (): Promise<BackendStatus[]> => haproxyStatus(statsUrl, backends);

  const cluster: Cluster = {
    url: proxyUrl,
    statsUrl,
    proxyConfig,
    databaseUrl,
    redisUrl,
    dataDir,
    proxy,
    api,
    realtime,
    processes,
    proxyStatus,
    async waitForProxy(nodes = [...api, ...realtime], alive = true, timeoutMs = 30_000) {
      const urls = new Set(nodes.map((n) => n.url));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await proxyStatus().catch(() => []);
        const matching = status.filter((b) => urls.has(b.url));
        if (matching.length === urls.size && matching.every((b) => b.alive === alive)) return;
        if (Date.now() > deadline) {
          throw new Error(`the proxy did not see ${[...urls].join(', ')} ${alive ? 'alive' : 'down'}`);
        }
        await sleep(100);
      }
    },
    stop,
  };

  try {
    await createDatabaseIfMissing(databaseUrl);
    const importEnv = envFor({ role: 'api', index: 1 }, { AUTO_SAMPLE: 'true' });
    if (options.sample === true || options.sample === undefined) {
      await runToEnd('sample', [built.sample], importEnv, options);
    } else if (options.sample) {
      const out = join(dataDir, 'sample');
      const { months, scale } = options.sample;
      const size = ['--months', String(months), '--scale', String(scale)];
      await runToEnd('sample', [built.sampleGenerator, '--out', out, ...size], importEnv, options);
      await runToEnd('import', [built.importer, out], importEnv, options);
    }
    await proxy.start();
    // API node 1 alone runs the migrations and creates the first admin; then the other nodes
    // (realtime nodes read the clocks' data from the API through the proxy).
    await api[0]?.start();
    await Promise.all([...api.slice(1), ...realtime].map((p) => p.start()));
    await cluster.waitForProxy();
  } catch (error) {
    await stop(5000);
    throw error;
  }
  return cluster;
}

interface ProcessSpec {
  name: string;
  role: ClusterRole;
  port: number;
  url: string;
  command: string;
  args: string[];
  /** Signals this program understands under another name (HAProxy's graceful stop is SIGUSR1). */
  signals?: Partial<Record<NodeJS.Signals, NodeJS.Signals>>;
  /** Answering any HTTP status here means started… */
  readyUrl: string;
  /** …and this, if given, says true. */
  ready?: () => Promise<boolean>;
  env: NodeJS.ProcessEnv;
}

interface ManagedProcess extends ClusterProcess {
  /** SIGTERM, then SIGKILL after the timeout; resolves with how it exited (or its last exit). */
  stopWithin(timeoutMs: number): Promise<ExitInfo>;
  /** SIGKILL at once, synchronously (process exit hook). */
  forceKill(): void;
}

function managedProcess(
  spec: ProcessSpec,
  options: { onOutput?: (name: string, line: string) => void; startTimeoutMs: number },
): ManagedProcess {
  let child: ChildProcess | undefined;
  let exit: Promise<ExitInfo> = Promise.resolve({ code: null, signal: null });
  let output = '';
  let runs = 0;

  const record = (text: string) => {
    output += text;
    if (output.length > MAX_OUTPUT) output = output.slice(output.length - MAX_OUTPUT / 2);
  };
  const lineSplitter = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString();
      record(text);
      if (!options.onOutput) return;
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onOutput(spec.name, line);
    };
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const self: ManagedProcess = {
    name: spec.name,
    role: spec.role,
    port: spec.port,
    url: spec.url,
    pid: () => child?.pid,
    running,
    output: () => output,
    exited: () => exit,
    async kill(signal = 'SIGTERM') {
      if (running()) child!.kill(spec.signals?.[signal] ?? signal);
      return exit;
    },
    async start() {
      if (running()) return;
      runs += 1;
      if (runs > 1) record(`\n--- ${spec.name} started again ---\n`);
      const current = spawn(spec.command, spec.args, {
        cwd: repoRoot,
        env: spec.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = current;
      current.stdout!.on('data', lineSplitter());
      current.stderr!.on('data', lineSplitter());
      exit = new Promise((resolveExit) => {
        current.on('exit', (code, signal) => resolveExit({ code, signal }));
        current.on('error', (error) => {
          record(`${spec.name}: ${error.message}\n`);
          resolveExit({ code: null, signal: null });
        });
      });
      const deadline = Date.now() + options.startTimeoutMs;
      for (;;) {
        if (!running()) {
          const how = await exit;
          throw new Error(
            `${spec.name} exited during start-up (${how.signal ?? how.code}):\n${output.slice(-4000)}`,
          );
        }
        try {
          await fetch(spec.readyUrl, { signal: AbortSignal.timeout(2000) });
          if (!spec.ready || (await spec.ready())) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          current.kill('SIGKILL');
          throw new Error(
            `${spec.name} did not answer within ${options.startTimeoutMs} ms:\n${output.slice(-4000)}`,
          );
        }
        await sleep(100);
      }
    },
    async restart() {
      if (running()) await self.kill('SIGTERM');
      await self.start();
    },
    async stopWithin(timeoutMs) {
      if (!running()) return exit;
      child!.kill(spec.signals?.SIGTERM ?? 'SIGTERM');
      const timer = setTimeout(() => self.forceKill(), timeoutMs);
      const how = await exit;
      clearTimeout(timer);
      return how;
    },
    forceKill() {
      if (running()) child!.kill('SIGKILL');
    },
  };
  return self;
}

/**
 * A realtime node is ready once it serves the police clock too, so a viewer never joins a node
 * that has not loaded it yet; unless there is nothing to load (no police data in the store, or no
 * API answering), when answering at all is ready.
 */
async function servesPoliceClock(nodeUrl: string, proxyUrl: string): Promise<boolean> {
  const health = (await (await fetch(`${nodeUrl}/health`, { signal: AbortSignal.timeout(2000) })).json()) as {
    clocks?: { police?: string | null };
  };
  if (health.clocks?.police) return true;
  const police = await fetch(`${proxyUrl}/api/police-clock`, { signal: AbortSignal.timeout(2000) }).catch(
    () => undefined,
  );
  await police?.body?.cancel();
  return police?.status !== 200;
}

async function runToEnd(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: Pick<ClusterOptions, 'onOutput'>,
): Promise<void> {
  let output = '';
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line) options.onOutput?.(name, line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${output.slice(-4000)}`);
}

function serverConnection(databaseUrl: string): { url: URL; name: string } | undefined {
  if (!databaseUrl.startsWith('mysql://')) return undefined;
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(name)) throw new Error(`DATABASE_URL names no usable database: ${name}`);
  url.pathname = '/';
  return { url, name };
}

/** The README's CREATE DATABASE, IF NOT EXISTS, on the MySQL server of the URL (SQLite needs nothing). */
export async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const target = serverConnection(databaseUrl);
  if (!target) return;
  const connection = await createConnection(target.url.toString());
  try {
    await connection.query(createDatabaseSql(target.name, { ifNotExists: true }));
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const target = serverConnection(databaseUrl);
  if (!target) return;
  const connection = await createConnection(target.url.toString());
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${target.name}\``);
  } finally {
    await connection.end();
  }
}

/** `count` distinct free ports, none of them one of `taken`. */
async function freePorts(host: string, count: number, taken: readonly number[] = []): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort(host);
    if (!ports.includes(port) && !taken.includes(port)) ports.push(port);
  }
  return ports;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
