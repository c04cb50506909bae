import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './product.ts';

export interface RedisServer {
  port: number;
  url: string;
  running(): boolean;
  /** Stops it (SHUTDOWN on SIGTERM, a crash on SIGKILL) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  output(): string;
}

/**
 * A private redis-server (the machine's binary) on a free loopback port, in memory only, so a
 * test may stop and restart it without touching any other Redis. `extraArgs` are more
 * configuration directives (e.g. `--rename-command SPUBLISH x` to stand in for an older Redis).
 */
export async function startRedisServer(extraArgs: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    running,
    output: () => output,
    async start() {
      if (running()) return;
      const current = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = current;
      current.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      current.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      exited = new Promise((resolve) => current.on('close', () => resolve()));
      const failed = new Promise<never>((_, reject) =>
        current.on('error', (e) => reject(new Error(`redis-server could not start: ${e.message}`))),
      );
      const deadline = Date.now() + 10_000;
      while (!(await Promise.race([answersPing(port), failed]))) {
        if (!running() || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (running()) child!.kill(signal);
      await exited;
    },
  };
  await server.start();
  return server;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
