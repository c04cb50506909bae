import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './product.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'dist', 'api', 'src', 'server.js');

/** A fixed key, so the API never writes a key file and every start reads the same secrets. */
export const TEST_SECRET_KEY = 'ab'.repeat(32);

export interface ApiProcess {
  baseUrl: string;
  /** The server's process id (for /proc readings such as its resident memory). */
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** The first admin's password as the API printed it at start, if it created one. */
  firstAdminPassword(): string | undefined;
  /** Null while the process runs. */
  exitCode(): number | null;
  alive(): boolean;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The built API (dist/api/src/server.js, as `npm start` runs it) alone, on a free port, waiting
 * until /api/health answers 200. Run `npm run build` first. The caller passes DATABASE_URL; a
 * throwaway DATA_DIR is made unless given.
 */
export async function startApiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'crime-clock-api-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SECRET_KEY: TEST_SECRET_KEY,
      AUTO_SAMPLE: 'false',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not answer /api/health within 60 s:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    pid: child.pid!,
    output: () => output,
    firstAdminPassword: () => /Username: admin\s+Password: (\S+)/.exec(output)?.[1],
    exitCode: () => child.exitCode,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/**
 * A small HTTP client of the API as the admin pages use it: JSON, the page's Origin (the CSRF
 * check wants it on writes) and the session cookie once signed in.
 */
export function apiClient(baseUrl: string) {
  let cookie: string | undefined;
  async function call(method: string, path: string, body?: unknown): Promise<JsonAnswer> {
    const started = Date.now();
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, ms: Date.now() - started };
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    delete: (path: string) => call('DELETE', path),
    async login(username: string, password: string) {
      const res = await fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const setCookie = res.headers.get('set-cookie');
      if (!setCookie) throw new Error('login set no cookie');
      cookie = setCookie.split(';')[0];
    },
  };
}

/** One GET /api/health on a connection of its own; resolves with the status and milliseconds taken. */
export function healthProbe(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('health timed out')));
    req.end();
  });
}
