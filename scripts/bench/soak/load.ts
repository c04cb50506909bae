/**
 * Sends the soak's requests and records each answer: latency and status per route, and anything
 * that is not the answer wanted as an error of its kind. Requests go out open-loop (at their
 * planned times whatever the server's pace), so a slow server shows as latency, not as less load.
 */
import { performance } from 'node:perf_hooks';
import { HttpFailure, type HttpAnswer, type HttpClient, type HttpRequestSpec } from './http-client.ts';
import type { RouteStats, Tally } from './stats.ts';

/** What an answer means for the soak: wanted, the intended 429 of the limited key, or an error. */
export type Outcome = 'ok' | 'intended 429' | { error: string };

export type Judge = (answer: HttpAnswer) => Outcome;

/** 2xx is wanted; anything else is an error named by its status and the API's error code. */
export const successOnly: Judge = (answer) =>
  answer.status >= 200 && answer.status < 300
    ? 'ok'
    : { error: `HTTP ${answer.status}${codeOf(answer.body)}` };

/** The stable error code of an API error body (`{ code }`), as " CODE", or "". */
export function codeOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? ` ${parsed.code}` : '';
  } catch {
    return '';
  }
}

export class LoadRunner {
  private inFlight = 0;
  private readonly drained: (() => void)[] = [];
  intended429 = 0;

  constructor(
    private readonly http: HttpClient,
    private readonly stats: RouteStats,
    private readonly errors: Tally,
    /** When the load started: error examples say how far into it they happened. */
    private readonly startedAt: number,
    private readonly maxInFlight = 512,
  ) {}

  /** "+m:ss" since the load started. */
  private when(): string {
    const s = Math.max(0, Math.round((Date.now() - this.startedAt) / 1000));
    return `+${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }

  /** Sends one request and records it; resolves with the answer (undefined when none came). */
  async call(
    route: string,
    spec: HttpRequestSpec,
    judge: Judge = successOnly,
  ): Promise<HttpAnswer | undefined> {
    if (this.inFlight >= this.maxInFlight) {
      this.errors.add(
        'client: too many requests waiting for answers (request not sent)',
        `${this.when()} ${route}`,
      );
      return undefined;
    }
    this.inFlight++;
    try {
      const answer = await this.http.send(spec);
      this.stats.record(route, String(answer.status), answer.ms, Date.now());
      const outcome = judge(answer);
      if (outcome === 'intended 429') this.intended429++;
      else if (outcome !== 'ok') {
        const requestId = answer.headers['x-request-id'];
        this.errors.add(
          `${outcome.error} ${route}`,
          `${this.when()} ${requestId ? `request ${String(requestId)}: ` : ''}${answer.body.slice(0, 200)}`,
        );
      }
      return answer;
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error;
      this.stats.record(route, error.kind, error.ms, Date.now());
      this.errors.add(
        `${error.kind === 'timeout' ? 'timeout' : `socket error ${error.message}`} ${route}`,
        `${this.when()} ${error.message}`,
      );
      return undefined;
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const done of this.drained.splice(0)) done();
    }
  }

  /** Resolves when no request is waiting for its answer. */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.drained.push(resolve));
  }
}

/**
 * Calls `fire(i)` `ratePerSecond` times a second, at planned times (catching up after a stall of
 * this process rather than dropping calls). `stop()` ends it.
 */
export function openLoop(ratePerSecond: number, fire: (i: number) => void): { stop(): void } {
  if (ratePerSecond <= 0) return { stop() {} };
  const start = performance.now();
  let fired = 0;
  const timer = setInterval(
    () => {
      const due = Math.floor(((performance.now() - start) / 1000) * ratePerSecond);
      while (fired < due) fire(fired++);
    },
    Math.max(5, Math.min(100, 500 / ratePerSecond)),
  );
  return { stop: () => clearInterval(timer) };
}
