/**
 * What a realtime node relies on outside its process, checked before it listens, so that a
 * misconfigured node stops with one message saying what to change instead of running half-working.
 *
 * It talks to two things and to no database: Redis (only with REDIS_URL) and the API (the clock
 * data, API_INTERNAL_URL). A Redis that cannot carry the sharded Socket.IO adapter's commands would
 * leave the nodes silently unaware of each other, so it stops the node. An API that is not up yet
 * does not: the survey clock runs on the shipped figures and the police clock waits for it (the
 * API and the realtime nodes start together), and so does an API of another version, whose police
 * clock this node cannot read (a rolling upgrade); only an address that answers as something other
 * than the API stops the node.
 */
import { Redis } from 'ioredis';
import { STATUS_CODES } from 'node:http';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { backOffDelay, type BackOff } from '../../common/retry/back-off.ts';
import { MalformedAnswer } from '../../common/contracts/checked-answer.ts';
import { GetPoliceClock } from '../../common/contracts/clocks.ts';
import { MalformedApiAnswer, type ApiAnswer, type ApiReader } from './api-client/api-reader.ts';

/** A dependency is there but not usable as it is; the message says what to change. */
export class StartupCheckError extends Error {
  override name = 'StartupCheckError';
}

/** The URL without its password, fit for a log. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/\/$/, '');
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).trim();

const PROBE_CHANNEL = 'crime-clock:startup-check';

/** Between tries at a Redis that is still starting: soon at first, then every two seconds or so. */
const REDIS_STARTING: BackOff = { baseMs: 250, maxMs: 2000 };

async function connectedRedis(url: string, waitMs: number): Promise<Redis> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: Math.min(5000, waitMs),
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
    });
    // Each failed attempt also emits 'error'; the rejected connect() below is what counts.
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.disconnect();
      if (Date.now() >= deadline) {
        throw new StartupCheckError(
          `Cannot reach Redis at ${shown(url)} (REDIS_URL) within ${Math.round(waitMs / 1000)} s: ${message(error)}. ` +
            'Start Redis or correct REDIS_URL; unset REDIS_URL to run a single realtime node without Redis.',
        );
      }
      const wait = Math.min(backOffDelay(attempt, REDIS_STARTING, Math.random), deadline - Date.now());
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function redisVersion(client: Redis): Promise<string> {
  try {
    return /^redis_version:(\S+)/m.exec(await client.info('server'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Redis as redis-adapter.ts uses it: reachable (waiting up to `waitMs` for a server still
 * starting), and running the sharded pub/sub commands the adapter sends (SPUBLISH, SSUBSCRIBE,
 * SUNSUBSCRIBE, PUBSUB SHARDNUMSUB; Redis 7+). Tried for real rather than read from the version,
 * so a renamed or ACL-forbidden command is caught too.
 */
export async function checkRedis(url: string, { waitMs = 10_000 } = {}): Promise<void> {
  const client = await connectedRedis(url, waitMs);
  const subscriber = client.duplicate({ lazyConnect: true });
  subscriber.on('error', () => undefined);
  let command = 'SPUBLISH';
  try {
    await client.call('SPUBLISH', PROBE_CHANNEL, '');
    command = 'PUBSUB SHARDNUMSUB';
    await client.call('PUBSUB', 'SHARDNUMSUB', PROBE_CHANNEL);
    await subscriber.connect();
    command = 'SSUBSCRIBE';
    await subscriber.ssubscribe(PROBE_CHANNEL);
    command = 'SUNSUBSCRIBE';
    await subscriber.sunsubscribe(PROBE_CHANNEL);
  } catch (error) {
    const version = await redisVersion(client);
    const refused = /NOPERM/i.test(message(error));
    throw new StartupCheckError(
      `Redis at ${shown(url)} (REDIS_URL, version ${version}) cannot run ${command}: ${message(error)}. ` +
        'The realtime nodes share their broadcasts over sharded pub/sub (SPUBLISH, SSUBSCRIBE, SUNSUBSCRIBE, ' +
        'PUBSUB SHARDNUMSUB), which needs Redis 7 or later' +
        (refused ? ' and a user allowed to run them: grant them in the Redis ACL' : ': upgrade Redis') +
        ', or unset REDIS_URL to run a single realtime node without Redis.',
    );
  } finally {
    subscriber.disconnect();
    client.disconnect();
  }
}

/**
 * What a police clock of any version of the API has: a definition that says it is the police
 * clock's. Only the rest of it may differ from this node's contract.
 */
const ANY_POLICE_CLOCK = Type.Object({ definition: Type.Object({ clock: Type.Literal('police') }) });

/**
 * The API at `apiUrl` as the definition source reads it: GET /api/police-clock through `readApi`
 * (the node's contract reader, so the path and the answer's check are the contract's). Returns a
 * note when it does not answer yet (not a fault: it may be starting) or answers a police clock
 * this node's contract does not take (another version, in a rolling upgrade: the definition source
 * keeps asking); throws when something else answers there.
 */
export async function checkApi(
  readApi: ApiReader,
  apiUrl: string,
  { timeoutMs = 5000 } = {},
): Promise<string | undefined> {
  const notAnApi = (answered: string) =>
    new StartupCheckError(
      `API_INTERNAL_URL=${shown(apiUrl)} does not lead to a Crime Clock API: GET ${GetPoliceClock.path} answered ` +
        `${answered}. ` +
        'Set API_INTERNAL_URL to the address of an API node (or of the proxy in front of them), e.g. http://api-1:3000.',
    );
  let answer: ApiAnswer<typeof GetPoliceClock>;
  try {
    answer = await readApi(GetPoliceClock, undefined, timeoutMs);
  } catch (error) {
    if (error instanceof MalformedApiAnswer && Value.Check(ANY_POLICE_CLOCK, error.body))
      return (
        `The API at ${shown(apiUrl)} (API_INTERNAL_URL) answers a police clock this node cannot read ` +
        `(${message(error)}): another version of the API? The police clock waits until they match.`
      );
    // A success answer that is no police clock at all: something else answers there.
    if (error instanceof MalformedAnswer)
      throw notAnApi(`something other than a police clock (${message(error)})`);
    return `The API at ${shown(apiUrl)} (API_INTERNAL_URL) does not answer yet (${message(error)}); the police clock waits for it.`;
  }
  if (answer.ok) {
    if (answer.body.definition.clock === 'police') return undefined;
    throw notAnApi(`${answer.status} without a police clock`);
  }
  if (answer.status === 503 && answer.error?.code === 'NO_POLICE_DATA') return undefined;
  // A proxy in front of API nodes that are still starting, or an API node shutting down.
  if (answer.status === 502 || answer.status === 503 || answer.status === 504)
    return `The API at ${shown(apiUrl)} (API_INTERNAL_URL) answered ${answer.status}; the police clock waits for it.`;
  throw notAnApi(`${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trim());
}
