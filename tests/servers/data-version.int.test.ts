import { Redis } from 'ioredis';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCsewFiguresService } from '../../api/src/clocks/csew-figures-service.ts';
import { buildApp } from '../../api/src/app.ts';
import { loadFixture } from '../support/search-fixture.ts';
import bundled from '../../common/survey/csew-figures.json' with { type: 'json' };
import { parseConfig } from '../../common/config/config.ts';
import type { ClockDefinition, ClockKind } from '../../common/clock/types.ts';
import {
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../common/realtime/protocol.ts';
import { readTick, tickVersion, type TickFrame } from '../../common/realtime/tick.ts';
import { createTestDatabase } from '../support/database.ts';
import { startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { composeRealtimeServer, openVersionSubscriber } from '../../realtime/src/compose.ts';
import { createApiReader } from '../../realtime/src/api-client/api-reader.ts';
import { CLOCK_DATA_VERSION_CHANNEL } from '../../common/contracts/clocks.ts';
import { createDefinitionSource } from '../../realtime/src/clocks/definition-source.ts';
import { REALTIME_ENGINES } from '../support/realtime-node.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * The API and a realtime server as `npm start` runs them (the realtime server reads the API over
 * HTTP), with the full refresh far away: only the data-version check can bring a change in time.
 */
describe.each(REALTIME_ENGINES)('a change of the data behind a clock on REALTIME_ENGINE=%s', (engine) => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * `redis`: the realtime server listens on it (REDIS_URL), and the API publishes on it unless
   * `apiPublishes` is false.
   */
  async function start({ redis, apiPublishes = true }: { redis?: RedisServer; apiPublishes?: boolean } = {}) {
    const db = await createTestDatabase('sqlite');
    cleanups.push(() => db.drop());
    await loadFixture(db.sequelize);
    const apiEnv = { DATABASE_URL: db.url, ...(redis && apiPublishes ? { REDIS_URL: redis.url } : {}) };
    const api = await buildApp({ config: parseConfig(apiEnv), sequelize: db.sequelize });
    cleanups.push(() => api.close());
    await api.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.server.address() as { port: number };
    const subscriber = redis ? openVersionSubscriber(redis.url) : undefined;
    if (subscriber) cleanups.push(() => subscriber.disconnect());
    const realtime = await composeRealtimeServer({
      config: { ...parseConfig({}), realtimeEngine: engine },
      logger,
      definitions: createDefinitionSource({
        readApi: createApiReader({ apiUrl: `http://127.0.0.1:${port}` }),
        logger,
        refreshMs: 600_000,
        ...(subscriber ? { subscriber } : {}),
      }),
    });
    const realtimePort = await realtime.listen(0, '127.0.0.1');
    cleanups.push(() => realtime.close());
    const socket: Client = connect(`http://127.0.0.1:${realtimePort}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    cleanups.push(() => void socket.close());
    return { db, socket };
  }

  const joined = async (socket: Client, clock: ClockKind) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const reply = await new Promise<JoinClockReply>((resolve) => socket.emit('clock:join', clock, resolve));
      if (reply.ok) return reply.definition;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the ${clock} clock never loaded`);
  };

  /** The first definition pushed and the first tick computed from it, and how long they took. */
  async function nextDefinition(socket: Client, change: () => Promise<unknown>) {
    const pushed = new Promise<ClockDefinition>((resolve) => socket.once('clock:definition', resolve));
    const started = Date.now();
    await change();
    const definition = await pushed;
    const definitionMs = Date.now() - started;
    const tick = await new Promise<TickFrame>((resolve) => {
      const onTick = (frame: TickFrame) => {
        if (readTick(frame)!.v !== tickVersion(definition.version)) return;
        socket.off(TICK_EVENT, onTick);
        resolve(frame);
      };
      socket.on(TICK_EVENT, onTick);
    });
    return { definition, tick: readTick(tick)!, definitionMs, ms: Date.now() - started };
  }

  it('reaches a connected screen within about two seconds: new survey figures', async () => {
    const { db, socket } = await start();
    const before = await joined(socket, 'csew');
    const doc = JSON.parse(JSON.stringify(bundled)) as typeof bundled;
    doc.incidents[0]!.annualCount *= 2;
    // As the admin upload and `npm run survey:figures` do: another writer of the same store.
    const figures = createCsewFiguresService({ sequelize: db.sequelize });
    const seen = await nextDefinition(socket, () => figures.replace(doc, 'test'));
    expect(seen.definition.version).not.toBe(before.version);
    expect(seen.definition.categories[0]!.annualCount).toBe(doc.incidents[0]!.annualCount);
    expect(seen.ms).toBeLessThan(2500);
  });

  it('reaches a connected screen within about two seconds: a police month imported again', async () => {
    const { db, socket } = await start();
    const before = await joined(socket, 'police');
    // What an import leaves behind, written by another process: street months with a new import time.
    const seen = await nextDefinition(socket, () =>
      db.sequelize.query(`UPDATE dataset_months SET imported_at = ? WHERE month = 202506`, {
        replacements: [new Date(Date.now() + 60_000)],
      }),
    );
    expect(seen.definition.version).not.toBe(before.version);
    expect(seen.definition.meta.lastUpdated).not.toBe(before.meta.lastUpdated);
    expect(seen.ms).toBeLessThan(2500);
  });

  describe('with Redis: published, not polled', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis?.stop());

    const importAgain = (db: Awaited<ReturnType<typeof start>>['db']) => () =>
      db.sequelize.query(`UPDATE dataset_months SET imported_at = ? WHERE month = 202506`, {
        replacements: [new Date(Date.now() + 60_000)],
      });

    it('reaches a connected screen within 1 s of an import by the API publishing the new version', async () => {
      const { db, socket } = await start({ redis });
      const before = await joined(socket, 'police');
      const seen = await nextDefinition(socket, importAgain(db));
      expect(seen.definition.version).not.toBe(before.version);
      // The new definition is pushed within the second; its first tick follows at the clock's next
      // whole second (nextDefinition waits for it), up to a second later by itself.
      expect(seen.definitionMs).toBeLessThan(1000);
      expect(seen.ms).toBeLessThan(2000);
    });

    /**
     * Until the node's subscriber is listening, with the version read it makes then behind it:
     * a change made before that read is a catch-up, not a poll.
     */
    async function listening(url: string): Promise<void> {
      const client = new Redis(url);
      try {
        for (let attempt = 0; attempt < 100; attempt++) {
          const [, count] = (await client.pubsub('NUMSUB', CLOCK_DATA_VERSION_CHANNEL)) as [string, number];
          if (Number(count) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        client.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    it('does not poll the API meanwhile: without a publish, the change waits for the full refresh', async () => {
      const { db, socket } = await start({ redis, apiPublishes: false });
      await joined(socket, 'police');
      await listening(redis.url);
      let pushed = false;
      socket.once('clock:definition', () => (pushed = true));
      await importAgain(db)();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(pushed).toBe(false);
    });
  });
});
