import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFiles, withoutComments } from './source-files.ts';

/**
 * docs/architecture.md: "one back-off". Every wait after a failure in the product is
 * `backOffDelay` (common/retry/back-off.ts); this test reads the product's source for the shapes a
 * back-off of its own would take, so a new hand-made formula fails here rather than in review.
 */
const REPO = new URL('../..', import.meta.url).pathname;
/** The product, and the benchmarks, whose clients (the soak's viewers) retry as the product's do. */
const PRODUCT_SOURCE = ['api/src', 'realtime/src', 'server-common', 'common', 'ui/src', 'scripts/bench'];
const THE_BACK_OFF = 'common/retry/back-off.ts';

/** A client library's reconnection hook (ioredis's retryStrategy, node-redis's reconnectStrategy) and its value. */
const RETRY_HOOK = /\b(?:retryStrategy|reconnectStrategy)\s*:\s*([^,\n}]+)/g;
/** What such a hook may be: the servers' Redis back-off, or "never retry" (a probe with its own deadline). */
const ALLOWED_HOOKS = ['redisReconnectDelay', '() => null'];

/** Arithmetic on a count of attempts or failures: the core of any hand-made back-off. */
const COUNTER_ARITHMETIC =
  /\b\w*(?:attempt|failure|tries|retries|doublings)\w*\s*(?:\*|<<)|(?:\*\*?|<<)\s*(?:Math\.\w+)?\(?\s*\w*(?:attempt|failure|tries|retries|doublings)/i;

/** A named delay multiplied by `random()` (or the other way round): a jittered wait made by hand. */
const DELAY_NAME = String.raw`[\w.]*(?:delay|backoff|back_off|reconnect|retry)\w*`;
const JITTER_BY_HAND = new RegExp(
  String.raw`\b${DELAY_NAME}\s*\*[^;]*\brandom\(\)|\brandom\(\)[^;]*\*\s*\(?\s*${DELAY_NAME}`,
  'i',
);

/**
 * Jitter that is no back-off: on top of the wait a server asked for (Retry-After), which the
 * client honours as it is rather than backing off from.
 */
const OWN_JITTER: Record<string, string> = {
  'api/src/police-data/police-api/transport.ts': 'result.retryAfterMs + random() * (retry.baseDelayMs / 2)',
};

/**
 * Socket.IO's own reconnection options: the browser's clock feed configures the library's
 * back-off rather than timing reconnections itself (docs/architecture.md says why). Nowhere else.
 */
const SOCKET_IO_BACK_OFF = /\b(?:reconnectionDelay|reconnectionDelayMax|randomizationFactor)\s*:/;
const SOCKET_IO_CLIENT = 'ui/src/features/clocks/clockFeed.ts';

function hooks(code: string): string[] {
  return [...code.matchAll(RETRY_HOOK)].map((match) => match[1]!.trim());
}

function counterArithmetic(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => COUNTER_ARITHMETIC.test(line))
    .map((line) => line.trim());
}

function jitterByHand(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => JITTER_BY_HAND.test(line))
    .map((line) => line.trim());
}

describe('one back-off (docs/architecture.md)', () => {
  const files = productFiles(REPO, PRODUCT_SOURCE);
  const code = new Map(files.map((file) => [file, withoutComments(readFileSync(join(REPO, file), 'utf8'))]));

  it('reads the product source (the back-off and its callers are in it)', () => {
    expect(files).toEqual(
      expect.arrayContaining([THE_BACK_OFF, 'realtime/src/redis-adapter.ts', 'api/src/email/outbox.ts']),
    );
  });

  it("every Redis client's reconnection waits the product's back-off", () => {
    const found = files.flatMap((file) => hooks(code.get(file)!).map((hook) => `${file}: ${hook}`));
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.filter((entry) => !ALLOWED_HOOKS.some((hook) => entry.endsWith(`: ${hook}`)))).toEqual([]);
  });

  it('no module but the back-off computes a wait from a count of attempts or failures', () => {
    const found = files
      .filter((file) => file !== THE_BACK_OFF)
      .flatMap((file) => counterArithmetic(code.get(file)!).map((line) => `${file}: ${line}`));
    expect(found).toEqual([]);
    expect(counterArithmetic(code.get(THE_BACK_OFF)!)).not.toEqual([]);
  });

  it('no module but the back-off spreads a named delay by a random factor of its own', () => {
    const found = files
      .filter((file) => file !== THE_BACK_OFF)
      .flatMap((file) => jitterByHand(code.get(file)!).map((line) => `${file}: ${line}`));
    const own = (entry: string) =>
      Object.entries(OWN_JITTER).some(
        ([file, line]) => entry.startsWith(`${file}: `) && entry.includes(line),
      );
    expect(found.filter((entry) => !own(entry))).toEqual([]);
  });

  it("Socket.IO's own back-off is configured in the browser's clock feed only", () => {
    const found = files.filter((file) => SOCKET_IO_BACK_OFF.test(code.get(file)!));
    expect(found).toEqual([SOCKET_IO_CLIENT]);
  });

  it('recognises the hand-made formulas it stands against', () => {
    expect(hooks('new Redis(url, { retryStrategy: (n) => Math.min(n * 200, 5000) })')).toEqual([
      '(n) => Math.min(n * 200',
    ]);
    expect(hooks('{ retryStrategy: redisReconnectDelay, lazyConnect: true }')).toEqual([
      'redisReconnectDelay',
    ]);
    for (const line of [
      'const wait = Math.min(attempt * 200, 5000);',
      'const delay = 500 * 2 ** failures;',
      'setTimeout(retry, base << retries);',
      'const ms = Math.min(30_000, 1000 * 2 ** (attempts - 1));',
      'const base = Math.min(8000, 500 * 2 ** Math.min(attempt, 10));',
    ])
      expect(counterArithmetic(line), line).toEqual([line]);
    expect(counterArithmetic('// waits 200 ms * attempt\nconst x = 10 ** decimals;')).toEqual([
      '// waits 200 ms * attempt',
    ]);
    expect(counterArithmetic(withoutComments('// waits 200 ms * attempt\nconst n = 2 ** z;'))).toEqual([]);
    for (const line of [
      'const delay = RECONNECTION_DELAY_MS * (1 + 4 * this.random());',
      'setTimeout(retry, Math.round(options.retryDelayMs * (0.5 + Math.random())));',
      'const wait = Math.random() * BACKOFF_MS;',
    ])
      expect(jitterByHand(line), line).toEqual([line]);
    for (const line of [
      'await sleep(intervalMs * (0.5 + Math.random()));',
      'const lat = CENTRE.lat + (random() - 0.5) * 2 * spread;',
      'return Math.round(random ? step / 2 + random() * (step / 2) : step);',
      'const delay = backOffDelay(attempt, RECONNECT, this.random);',
    ])
      expect(jitterByHand(line), line).toEqual([]);
  });
});
