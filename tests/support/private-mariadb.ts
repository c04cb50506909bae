import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../api/src/db/connection.ts';
import { createDatabaseSql } from '../../scripts/lib/create-database.ts';
import { freePort } from './product.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * A MariaDB server that belongs to one test: its own data directory (made by mariadb-install-db),
 * port and socket, run as a child process, so the test may stop it and start it again without
 * touching the machine's database. `stop()` is a clean shutdown (SIGTERM), as when an operator
 * stops MySQL; `start()` brings the same data back on the same port.
 */
export interface PrivateMariaDb {
  port: number;
  /** `mysql://root@127.0.0.1:<port>/<database>` */
  url(database: string): string;
  /** Runs one statement as root (e.g. CREATE DATABASE). */
  sql(statement: string): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP: the server keeps its connections but answers nothing, as a hung host would. Resolves
   * once every thread of the server is stopped: the signal is sent at once but taken by each
   * thread on its own, and a request sent before that could still be answered.
   */
  freeze(): Promise<void>;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** Stops the server (if running) and deletes its data directory. */
  remove(): Promise<void>;
  /** What the server printed since it was first started. */
  log(): string;
}

const SERVER = ['mariadbd', 'mysqld'];
const INSTALL = ['mariadb-install-db', 'mysql_install_db'];

function findBinary(names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
      const path = join(dir, name);
      if (spawnSync(path, ['--version'], { stdio: 'ignore' }).status === 0) return path;
    }
  }
  return undefined;
}

/** True when this machine can run a private server (the fault test falls back otherwise). */
export function privateMariaDbAvailable(): boolean {
  return findBinary(SERVER) !== undefined && findBinary(INSTALL) !== undefined;
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateMariaDb(): Promise<PrivateMariaDb> {
  const server = findBinary(SERVER);
  const install = findBinary(INSTALL);
  if (!server || !install) throw new Error('mariadbd and mariadb-install-db are not installed');
  const dir = mkdtempSync(join(tmpdir(), 'crime-clock-mariadb-'));
  const dataDir = join(dir, 'data');
  const socket = join(dir, 'mariadb.sock');
  const port = await freePort();
  const installed = spawnSync(
    install,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
    ],
    { encoding: 'utf8' },
  );
  if (installed.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed:\n${installed.stdout}\n${installed.stderr}`);
  }

  let output = '';
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    if (child) throw new Error('the private MariaDB is already running');
    const started = spawn(
      server!,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        '--user=root',
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'mariadb.pid')}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=128M',
        '--innodb-log-file-size=64M',
        '--max-connections=200',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        if (child === started) child = undefined;
        resolve();
      }),
    );
    const deadline = Date.now() + 60_000;
    while (!(await portAccepts(port))) {
      if (started.exitCode !== null) throw new Error(`MariaDB exited during start-up:\n${output}`);
      if (Date.now() > deadline) throw new Error(`MariaDB did not start within 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stop() {
    if (!child) return;
    child.kill('SIGCONT');
    const stopping = exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child?.kill('SIGKILL'), 30_000);
    await stopping;
    clearTimeout(timer);
  }

  await start();
  return {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async sql(statement) {
      const root = openDatabase({ url: `mysql://root@127.0.0.1:${port}/`, poolMax: 1 });
      try {
        await root.query(statement);
      } finally {
        await root.close();
      }
    },
    stop,
    start,
    async freeze() {
      if (!child?.pid) throw new Error('the private MariaDB is not running');
      child.kill('SIGSTOP');
      await allThreadsStopped(child.pid);
    },
    thaw: () => child?.kill('SIGCONT'),
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => output,
  };
}

/** Waits until the kernel shows every thread of `pid` stopped (state T), at most 5 s. */
async function allThreadsStopped(pid: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const states = readdirSync(`/proc/${pid}/task`).map((tid) => {
      try {
        // The state follows the command name, which is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      } catch {
        return 'T'; // the thread has ended
      }
    });
    if (states.every((state) => state === 'T' || state === 't')) return;
    if (Date.now() > deadline) throw new Error(`MariaDB's threads did not all stop: ${states.join('')}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A MySQL database the test may take away and bring back, on the same address. */
export interface StoppableMySql {
  /** How the outage is made, for the test's messages. */
  kind: 'private server stopped' | 'proxy cut';
  /** `mysql://…` of a fresh, empty database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Connections stay open but nothing is answered (a hung server); thaw() resumes them. */
  freeze(): Promise<void>;
  thaw(): void;
  remove(): Promise<void>;
}

/**
 * Prefers a private MariaDB server that is really shut down and started again. Without the
 * server binaries it falls back to the machine's server (TEST_MYSQL_URL, on loopback) behind a
 * TCP proxy that is cut (every connection dropped, new ones refused) and restored on the same port.
 */
export async function startStoppableMySql(database: string): Promise<StoppableMySql> {
  if (privateMariaDbAvailable()) {
    const server = await startPrivateMariaDb();
    await server.sql(createDatabaseSql(database));
    return {
      kind: 'private server stopped',
      url: server.url(database),
      stop: () => server.stop(),
      start: () => server.start(),
      freeze: () => server.freeze(),
      thaw: () => server.thaw(),
      remove: () => server.remove(),
    };
  }
  const serverUrl = process.env.TEST_MYSQL_URL;
  if (!serverUrl) throw new Error('neither mariadbd nor TEST_MYSQL_URL is available');
  const target = new URL(serverUrl);
  const name = `${database}_${process.pid}`;
  const run = async (statement: string) => {
    const root = openDatabase({ url: serverUrl, poolMax: 1 });
    try {
      await root.query(statement);
    } finally {
      await root.close();
    }
  };
  await run(createDatabaseSql(name));
  const backend = Number(target.port || 3306);
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined = await startTcpProxy([backend]);
  const port = proxy.port;
  const url = new URL(serverUrl);
  url.port = String(port);
  url.pathname = `/${name}`;
  const stop = async () => {
    await proxy?.close();
    proxy = undefined;
  };
  return {
    kind: 'proxy cut',
    url: url.toString(),
    stop,
    async start() {
      proxy ??= await startTcpProxy([backend], { port });
    },
    freeze: async () => proxy?.freeze(),
    thaw: () => proxy?.thaw(),
    async remove() {
      await stop();
      await run(`DROP DATABASE IF EXISTS \`${name}\``);
    },
  };
}
