/**
 * The coordinator's side of the load generator: a pool of worker processes (worker.ts), each
 * holding up to `perWorker` light clients, grown on demand. Clients are opened in batches, one
 * batch at a time across the whole pool, so the servers never face a SYN flood.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ClockKind } from '../../../common/clock/types.ts';
import type { NodeTarget, OpenResult, WindowResult, WorkerReply, WorkerRequest } from './messages.ts';
import { ROOT } from './nodes.ts';

const WORKER = join(import.meta.dirname, 'worker.ts');

type RequestBody = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

class Worker {
  clients = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: WorkerReply) => void>();
  private readonly exitedPromise: Promise<void>;
  private output = '';

  constructor(readonly child: ChildProcess) {
    child.on('message', (reply: WorkerReply) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      resolve?.(reply);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    });
    this.exitedPromise = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      for (const resolve of this.waiting.values()) {
        resolve({
          type: 'error',
          id: 0,
          message: `worker exited (${signal ?? code}): ${this.output.slice(-2000)}`,
        });
      }
      this.waiting.clear();
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  request(body: RequestBody, timeoutMs: number): Promise<WorkerReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({
          type: 'error',
          id,
          message: `worker ${this.pid} did not answer ${body.type} in ${timeoutMs} ms`,
        });
      }, timeoutMs);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      if (!this.child.connected) {
        this.waiting.delete(id);
        clearTimeout(timer);
        resolve({ type: 'error', id, message: `worker ${this.pid} is gone: ${this.output.slice(-2000)}` });
        return;
      }
      this.child.send({ ...body, id } as WorkerRequest);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.request({ type: 'stop' }, 5000);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exitedPromise;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

export interface GeneratorOptions {
  targets: NodeTarget[];
  clock: ClockKind;
  perWorker: number;
  maxWorkers: number;
  batchSize: number;
  joinTimeoutMs: number;
  maxLifetimeMs: number;
  /** Second and third byte of the 127.x.y.* source addresses of this run. */
  sourceBase: [number, number];
  clientsPerAddress: number;
  /** Called with each new worker's pid (e.g. to pin it to CPUs). */
  onWorkerStarted?: (pid: number) => void;
}

export interface RampResult {
  opened: number;
  failed: number;
  failures: Record<string, number>;
  ms: number;
  joinReplyBytes: number;
  /** Why the ramp stopped short, if it did. */
  stoppedBecause?: string;
}

export class LoadGenerator {
  private readonly workers: Worker[] = [];
  private nextIndex = 0;
  joinReplyBytes = 0;

  constructor(private readonly options: GeneratorOptions) {}

  get clients(): number {
    return this.workers.reduce((sum, w) => sum + w.clients, 0);
  }

  get capacity(): number {
    return this.options.perWorker * this.options.maxWorkers;
  }

  workerPids(): number[] {
    return this.workers.map((w) => w.pid);
  }

  private spawnWorker(): Worker {
    const child = fork(WORKER, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: {
        ...process.env,
        BENCH_WORKER_MAX_MS: String(this.options.maxLifetimeMs),
        BENCH_SOURCE_BASE: this.options.sourceBase.join('.'),
        BENCH_CLIENTS_PER_ADDRESS: String(this.options.clientsPerAddress),
      },
    });
    const worker = new Worker(child);
    this.workers.push(worker);
    if (child.pid) this.options.onWorkerStarted?.(child.pid);
    return worker;
  }

  /** Opens clients until `total` are joined (or a batch fails outright), `batchSize` at a time. */
  async rampTo(total: number, onProgress?: (joined: number) => void): Promise<RampResult> {
    const started = Date.now();
    const result: RampResult = { opened: 0, failed: 0, failures: {}, ms: 0, joinReplyBytes: 0 };
    while (this.clients < total) {
      let worker = this.workers.find((w) => w.clients < this.options.perWorker);
      if (!worker) {
        if (this.workers.length >= this.options.maxWorkers) {
          result.stoppedBecause = `generator capacity (${this.capacity} clients) reached`;
          break;
        }
        worker = this.spawnWorker();
      }
      const count = Math.min(
        this.options.batchSize,
        total - this.clients,
        this.options.perWorker - worker.clients,
      );
      const from = this.nextIndex;
      this.nextIndex += count;
      const reply = await worker.request(
        {
          type: 'open',
          from,
          count,
          targets: this.options.targets,
          clock: this.options.clock,
          timeoutMs: this.options.joinTimeoutMs,
        },
        this.options.joinTimeoutMs + 15_000,
      );
      if (reply.type !== 'opened') {
        result.stoppedBecause = reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`;
        break;
      }
      const opened = reply as OpenResult;
      worker.clients += opened.joined;
      result.opened += opened.joined;
      result.failed += opened.failed;
      if (opened.joinReplyBytes) this.joinReplyBytes = opened.joinReplyBytes;
      for (const [reason, n] of Object.entries(opened.failures)) {
        result.failures[reason] = (result.failures[reason] ?? 0) + n;
      }
      onProgress?.(this.clients);
      if (opened.joined === 0) {
        result.stoppedBecause = `a whole batch of ${count} clients failed: ${Object.keys(opened.failures).join('; ')}`;
        break;
      }
      // Failed clients are replaced by later batches; on an overloaded shared machine a few percent
      // of handshakes are closed before they complete (the baseline alike), so only more stops the ramp.
      if (result.failed > Math.max(50, total * 0.05)) {
        result.stoppedBecause = `too many failed connections (${result.failed})`;
        break;
      }
    }
    result.ms = Date.now() - started;
    result.joinReplyBytes = this.joinReplyBytes;
    return result;
  }

  async startWindow(fromT: number, toT: number): Promise<void> {
    const replies = await Promise.all(
      this.workers.map((w) => w.request({ type: 'window', fromT, toT }, 10_000)),
    );
    const failed = replies.find((r) => r.type === 'error');
    if (failed && failed.type === 'error') throw new Error(failed.message);
  }

  async collect(): Promise<WindowResult[]> {
    const replies = await Promise.all(this.workers.map((w) => w.request({ type: 'collect' }, 30_000)));
    return replies.map((reply) => {
      if (reply.type !== 'collected') {
        throw new Error(reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`);
      }
      return reply;
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop().catch(() => w.kill())));
  }

  /** Last resort, synchronous (for process 'exit' handlers). */
  killAll(): void {
    for (const worker of this.workers) worker.kill();
  }
}
