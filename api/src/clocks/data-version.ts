import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { CLOCK_DATA_VERSION_CHANNEL } from '../../../common/contracts/clocks.ts';
import { redisReconnectDelay } from '../../../server-common/redis/reconnect.ts';
import type { CsewFiguresService } from './csew-figures-service.ts';
import type { PoliceClockService } from './police-clock-service.ts';

/**
 * The version of the data behind the clocks: it changes whenever an import or new survey figures
 * change a clock (two one-row reads). Served at GET /api/clock-data-version and published on Redis.
 */
export function clockDataVersion(
  policeClock: Pick<PoliceClockService, 'stamp'>,
  csewFigures: Pick<CsewFiguresService, 'stamp'>,
): () => Promise<string> {
  return async () => {
    const [police, csew] = await Promise.all([policeClock.stamp(), csewFigures.stamp()]);
    return `${police}|${csew}`;
  };
}

export interface DataVersionPublisherOptions {
  /** The version as the store has it now. */
  read: () => Promise<string>;
  redisUrl: string;
  log: FastifyBaseLogger;
  /** How often the store's version is read (two one-row reads; no HTTP, no log line). */
  intervalMs?: number;
}

/**
 * With Redis, the realtime nodes learn of a change by publish instead of each asking the API every
 * second: every API node reads the version from the store (the importer is another process, even
 * on another machine, and writes nothing else it could announce), and publishes it on
 * CLOCK_DATA_VERSION_CHANNEL when it differs from the last it published (its first reading too, so
 * an API node that starts after an import announces it). Several API nodes publish the same
 * version; the realtime nodes reload once per version. A publish that fails (Redis away) is tried
 * again at the next reading; meanwhile the realtime nodes' full refresh is the backstop.
 */
export function createDataVersionPublisher({
  read,
  redisUrl,
  log,
  intervalMs = 500,
}: DataVersionPublisherOptions) {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    retryStrategy: redisReconnectDelay,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error.message }, 'redis unavailable; clock data changes not published');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis connection restored; publishing clock data changes again');
    down = false;
  });

  let published: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function publishIfChanged(): Promise<void> {
    const version = await read();
    if (version === published) return;
    await redis.publish(CLOCK_DATA_VERSION_CHANNEL, version);
    published = version;
  }

  const loop = async () => {
    // A failed reading or publish is retried at the next turn; Redis errors are logged once above.
    await publishIfChanged().catch(() => {});
    if (running) timer = setTimeout(() => void loop(), intervalMs);
  };

  return {
    start() {
      running = true;
      void loop();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      redis.disconnect();
    },
  };
}
