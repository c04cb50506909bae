import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import {
  TICK_EVENT,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../common/realtime/protocol.ts';
import { readTick, type TickFrame } from '../../../common/realtime/tick.ts';
import { createDefinitionSource } from '../../../realtime/src/clocks/definition-source.ts';
import { createApiReader } from '../../../realtime/src/api-client/api-reader.ts';
import { composeRealtimeServer } from '../../../realtime/src/compose.ts';
import { startApiDouble } from './api-double.ts';
import { LightClient, type LightClientListener } from './light-client.ts';

const logger = pino({ level: 'silent' });

describe('light benchmark client', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('speaks the realtime protocol: joins a clock and receives the same tick bytes as socket.io-client', async () => {
    const api = await startApiDouble();
    cleanups.push(() => api.close());
    const server = await composeRealtimeServer({
      config: parseConfig({}),
      logger,
      definitions: createDefinitionSource({
        readApi: createApiReader({ apiUrl: api.url }),
        logger,
        refreshMs: 60_000,
      }),
    });
    const port = await server.listen(0, '127.0.0.1');
    cleanups.push(() => server.close());

    const real: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    cleanups.push(() => void real.disconnect());
    const realTicks: TickFrame[] = [];
    real.on(TICK_EVENT, (tick) => realTicks.push(tick));
    await new Promise<void>((resolve) => real.once('connect', resolve));
    expect((await real.emitWithAck('clock:join', 'police')).ok).toBe(true);

    const lightTicks = new Map<number, string[]>();
    let joined = 0;
    const failures: string[] = [];
    const listener: LightClientListener = {
      joined: () => void joined++,
      failed: (_c, reason) => void failures.push(reason),
      closed: (_c, reason) => void failures.push(reason),
      tick(client, text) {
        const list = lightTicks.get(client.index) ?? [];
        list.push(text);
        lightTicks.set(client.index, list);
      },
      other: () => undefined,
    };
    const clients = Array.from(
      { length: 10 },
      (_, i) =>
        new LightClient(
          i,
          0,
          { host: '127.0.0.1', port, localAddress: `127.0.0.${2 + (i % 2)}`, clock: 'police' },
          listener,
        ),
    );
    cleanups.push(() => clients.forEach((c) => c.destroy()));

    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && [...lightTicks.values()].filter((l) => l.length >= 3).length < 10) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(failures).toEqual([]);
    expect(joined).toBe(10);
    expect(clients.every((c) => c.joinReplyBytes > 1000)).toBe(true);
    // Every light client got, for each t, exactly what socket.io-client decoded, byte for byte.
    const realByT = new Map(realTicks.map((f) => [readTick(f)!.t, `42${JSON.stringify([TICK_EVENT, f])}`]));
    let compared = 0;
    for (const texts of lightTicks.values()) {
      for (const text of texts) {
        const t = readTick((JSON.parse(text.slice(2)) as [string, unknown])[1])!.t;
        if (realByT.has(t)) {
          expect(text).toBe(realByT.get(t));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  });
});
