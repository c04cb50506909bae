import { setTimeout as sleep } from 'node:timers/promises';
import { backOffDelay } from '../../../../common/retry/back-off.ts';
import type { TokenBucket } from './token-bucket.ts';

/** The pino methods the client uses, so any pino logger (or a test spy) fits. */
export interface PoliceApiLogger {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Back-off before the second attempt; doubled for each one after. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call gives up at once. */
  maxRetryAfterMs: number;
}

export interface TransportOptions {
  baseUrl: string;
  fetch: typeof fetch;
  bucket: TokenBucket;
  timeoutMs: number;
  retry: RetryOptions;
  userAgent: string;
  logger: PoliceApiLogger;
  /** Extra headers per call, e.g. the id of the request it is made for. */
  headers?: () => Record<string, string>;
  random?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

export type TransportResult =
  | { ok: true; body: unknown; attempts: number }
  | { ok: false; reason: string; attempts: number; httpStatus?: number };

type AttemptResult =
  | { kind: 'ok'; body: unknown }
  | { kind: 'retry'; reason: string; httpStatus?: number; retryAfterMs?: number }
  | { kind: 'fail'; reason: string; httpStatus?: number };

/**
 * Retry-After as a delay in milliseconds: either delta-seconds or an HTTP date
 * (RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date always names its day or month; this keeps Date.parse from reading "-5" as a year.
  const at = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `data.police.uk did not answer within ${timeoutMs / 1000} s`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const detail =
    (typeof cause?.code === 'string' && cause.code) ||
    (typeof cause?.message === 'string' && cause.message) ||
    (error instanceof Error ? error.message : String(error));
  return `data.police.uk could not be reached (${detail})`;
}

/**
 * GETs JSON from data.police.uk within its published limits: every attempt takes a token from the
 * shared bucket and has its own timeout; 429, 5xx, timeouts and network failures are retried with
 * back-off (a 429's Retry-After is honoured); other 4xx answers are final.
 */
export function createTransport(options: TransportOptions) {
  const random = options.random ?? Math.random;
  const wait = options.wait ?? sleep;
  const { retry, logger } = options;

  async function attempt(url: string): Promise<AttemptResult> {
    await options.bucket.take();
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(url, {
        headers: { ...options.headers?.(), accept: 'application/json', 'user-agent': options.userAgent },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      // The body is read under the same timeout: a server can stall after its headers.
      text = await response.text();
    } catch (error) {
      return { kind: 'retry', reason: describeFetchError(error, options.timeoutMs) };
    }
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (response.status === 429) {
      options.bucket.drain();
      return {
        kind: 'retry',
        reason: `data.police.uk is limiting our requests (${status})`,
        httpStatus: 429,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
      };
    }
    if (response.status >= 500) {
      return { kind: 'retry', reason: `data.police.uk answered ${status}`, httpStatus: response.status };
    }
    if (response.status === 404) {
      return {
        kind: 'fail',
        reason: 'data.police.uk has no such force or neighbourhood (404)',
        httpStatus: 404,
      };
    }
    if (!response.ok) {
      return { kind: 'fail', reason: `data.police.uk answered ${status}`, httpStatus: response.status };
    }
    try {
      return { kind: 'ok', body: JSON.parse(text) as unknown };
    } catch {
      return {
        kind: 'fail',
        reason: 'data.police.uk sent a response that is not JSON',
        httpStatus: response.status,
      };
    }
  }

  return {
    async getJson(path: string): Promise<TransportResult> {
      const url = `${options.baseUrl}${path}`;
      for (let attempts = 1; ; attempts += 1) {
        const result = await attempt(url);
        if (result.kind === 'ok') return { ok: true, body: result.body, attempts };
        const failure = {
          ok: false as const,
          reason: result.reason,
          attempts,
          httpStatus: result.httpStatus,
        };
        if (result.kind === 'fail') return failure;
        if (attempts >= retry.maxAttempts) {
          logger.warn({ url, attempts, reason: result.reason }, 'data.police.uk request failed; giving up');
          return { ...failure, reason: `${result.reason}; gave up after ${attempts} attempts` };
        }
        if (result.retryAfterMs !== undefined && result.retryAfterMs > retry.maxRetryAfterMs) {
          logger.warn(
            { url, retryAfterMs: result.retryAfterMs },
            'data.police.uk asks to wait too long; giving up',
          );
          return {
            ...failure,
            reason: `${result.reason}; it asks us to wait ${Math.ceil(result.retryAfterMs / 1000)} s`,
          };
        }
        const backoff = backOffDelay(
          attempts,
          { baseMs: retry.baseDelayMs, maxMs: retry.maxDelayMs },
          random,
        );
        // Honour Retry-After, with a little jitter on top so waiting clients do not return in step.
        const delayMs =
          result.retryAfterMs !== undefined
            ? result.retryAfterMs + random() * (retry.baseDelayMs / 2)
            : backoff;
        logger.debug(
          { url, attempt: attempts, delayMs, reason: result.reason },
          'data.police.uk request failed; retrying',
        );
        await wait(delayMs);
      }
    },
  };
}
export type Transport = ReturnType<typeof createTransport>;
