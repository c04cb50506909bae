import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { RealtimeEngine } from '../../common/config/config.ts';
import { freePort } from './product.ts';

/** Both engines a realtime node runs on, for tests run once on each (they need Node 22). */
export const REALTIME_ENGINES = ['uws', 'node'] as const satisfies readonly RealtimeEngine[];

export interface RealtimeNode {
  port: number;
  url: string;
  pid: number;
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const root = join(import.meta.dirname, '..', '..');

/**
 * A realtime node in its own process, from source, as production runs one per process. (Two
 * uWebSockets.js apps in one process share their pub/sub topics, so multi-node tests need
 * separate processes to be real.) `port` places it where clients expect it, e.g. to restart a node.
 * Started means listening: /health answers, 200 or (without clock data yet, at its cap) 503.
 */
export async function startRealtimeNode(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<RealtimeNode> {
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'realtime/src/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', REALTIME_PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`realtime node exited during start-up:\n${output}`);
    try {
      const status = (await fetch(`${url}/health`)).status;
      if (status === 200 || status === 503) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`realtime node did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    pid: child.pid!,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
