import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { policeClockDefinition } from '../../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { parseConfig } from '../../../common/config/config.ts';
import {
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../../common/realtime/protocol.ts';
import { readTick, tickVersion, type TickFrame } from '../../../common/realtime/tick.ts';
import { createApiReader } from '../api-client/api-reader.ts';
import { composeRealtimeServer } from '../compose.ts';
import { createAreaClocks, type AreaClocksOptions } from './area-clocks.ts';
import { createAreaLoads } from './area-loads.ts';
import { createDefinitionSource } from './definition-source.ts';
import { REALTIME_ENGINES } from '../../../tests/support/realtime-node.ts';
import { startClockApiDouble } from '../../../tests/support/clock-api-double.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

function clock(areaName: string | undefined, crimes: number): ClockDefinition {
  return policeClockDefinition({
    categoryCounts: [{ slug: 'burglary', count: crimes }],
    months: 12,
    latestDataMonth: '2026-09',
    excludedForces: [],
    lastUpdated: '2026-11-01T00:00:00Z',
    ...(areaName ? { areaName } : {}),
  });
}

/** The API's two clock reads, with data the test changes and the area reads under way counted. */
async function startApi(areaDelayMs = 0) {
  let volume = 100_000;
  let inFlight = 0;
  let peak = 0;
  const api = await startClockApiDouble({
    police: () => clock(undefined, volume),
    area: async (area) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, areaDelayMs));
      inFlight--;
      if (area === 'force:dyfed-powys')
        return {
          status: 404,
          body: { success: false, error: 'No data for this area', code: 'NO_AREA_DATA' },
        };
      return clock(`Area ${area}`, volume / 10);
    },
  });
  return {
    ...api,
    peak: () => peak,
    setVolume: (next: number) => void (volume = next),
  };
}

describe.each(REALTIME_ENGINES)('area clock rooms on REALTIME_ENGINE=%s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(
    maxAreaClocks = 1000,
    more: {
      areaDelayMs?: number;
      maxAreasPerAddress?: number;
      areas?: Pick<AreaClocksOptions, 'graceMs'>;
      loads?: Parameters<typeof createAreaLoads>[0];
    } = {},
  ) {
    const api = await startApi(more.areaDelayMs);
    cleanups.push(api.close);
    const readApi = createApiReader({ apiUrl: api.url });
    const server = await composeRealtimeServer({
      config: { ...parseConfig({}), realtimeEngine: engine, realtimeMaxAreaClocks: maxAreaClocks },
      logger,
      definitions: createDefinitionSource({ readApi, logger, refreshMs: 200, retryMs: 100 }),
      areas: createAreaClocks({ readApi, logger, ...createAreaLoads(more.loads), ...more.areas }),
      ...(more.maxAreasPerAddress ? { maxAreasPerAddress: more.maxAreasPerAddress } : {}),
    });
    const port = await server.listen(0, '127.0.0.1');
    cleanups.push(() => server.close());
    const url = `http://127.0.0.1:${port}`;
    const health = async () => (await (await fetch(`${url}/health`)).json()) as { clocks: { areas: number } };
    return { api, url, health };
  }

  function client(url: string): Client {
    const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    cleanups.push(() => void socket.close());
    return socket;
  }
  const joinArea = (socket: Client, area: unknown) =>
    new Promise<JoinClockReply>((resolve) => socket.emit('area:join', area as string, resolve));
  const waitFor = async (check: () => Promise<boolean> | boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('ticks an area while someone watches it, and forgets it when the last viewer leaves', async () => {
    const { api, url, health } = await start();
    const first = client(url);
    const reply = await joinArea(first, 'force:kent');
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.definition.meta.areaName).toBe('Area force:kent');
    const tick = await new Promise<TickFrame>((resolve) => first.once(TICK_EVENT, resolve));
    expect(readTick(tick)!.v).toBe(tickVersion(reply.definition.version));

    // A second viewer of the same area shares the room and its one read of the API.
    const second = client(url);
    expect((await joinArea(second, 'force:kent')).ok).toBe(true);
    expect(api.areasRead()).toEqual(['force:kent']);
    expect((await health()).clocks.areas).toBe(1);

    first.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await health()).clocks.areas).toBe(1);
    second.emit('area:leave', 'force:kent');
    await waitFor(async () => (await health()).clocks.areas === 0);
  });

  it('moves a viewer who picks another area, and validates every join', async () => {
    const { api, url, health } = await start();
    const socket = client(url);
    expect((await joinArea(socket, 'force:kent')).ok).toBe(true);
    expect((await joinArea(socket, 'postcode:sw1a 1aa')).ok).toBe(true);
    await waitFor(async () => (await health()).clocks.areas === 1);

    for (const bad of ['force:atlantis', 'county:kent', 42, 'x'.repeat(500)]) {
      expect(await joinArea(socket, bad)).toMatchObject({ ok: false, error: expect.stringMatching(/area/i) });
    }
    expect(await joinArea(socket, 'force:dyfed-powys')).toEqual({
      ok: false,
      error: 'No data for this area',
    });
    expect(api.areasRead()).toEqual(['force:kent', 'postcode:SW1A1AA', 'force:dyfed-powys']);
  });

  it('bounds the distinct areas a node computes', async () => {
    const { url } = await start(2);
    expect((await joinArea(client(url), 'force:kent')).ok).toBe(true);
    expect((await joinArea(client(url), 'force:essex')).ok).toBe(true);
    expect(await joinArea(client(url), 'force:surrey')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Too many/),
    });
    // An area already computed still takes viewers.
    expect((await joinArea(client(url), 'force:essex')).ok).toBe(true);
  });

  it('counts areas still loading against the bound, so joins at once cannot pass it', async () => {
    const { url } = await start(2);
    const replies = await Promise.all(
      ['force:kent', 'force:essex', 'force:surrey'].map((area) => joinArea(client(url), area)),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(2);
  });

  it('loads new areas a few at a time, and gives one address a budget of them a minute', async () => {
    const { api, url } = await start(1000, { areaDelayMs: 100 });
    // Thirty sockets of one visitor each ask for a new area at once (one join each: within
    // every socket's event budget).
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => joinArea(client(url), `neighbourhood:kent:N${i}`)),
    );
    expect(api.peak()).toBe(4);
    expect(replies.filter((r) => r.ok)).toHaveLength(20);
    expect(replies.filter((r) => !r.ok)).toEqual(
      Array(10).fill({ ok: false, error: 'Too many new areas from this address; try again in a minute.' }),
    );
    expect(api.areasRead()).toHaveLength(20);
    // Areas already computed still take this visitor's viewers.
    expect((await joinArea(client(url), 'neighbourhood:kent:N0')).ok).toBe(true);
    expect(api.areasRead()).toHaveLength(20);
  });

  it('refuses loads beyond the queue with a reply, not a wait', async () => {
    const { api, url } = await start(1000, {
      areaDelayMs: 200,
      loads: { maxInFlight: 2, maxQueued: 3, maxNewLoadsPerAddress: 100 },
    });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => joinArea(client(url), `neighbourhood:kent:N${i}`)),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(5);
    expect(replies.filter((r) => !r.ok)).toEqual(
      Array(3).fill({
        ok: false,
        error: 'Too many area clocks are being loaded on this server; try again shortly.',
      }),
    );
    expect(api.peak()).toBe(2);
  });

  it('keeps an emptied area for a grace period, so switching among areas does not read them again', async () => {
    const { api, url, health } = await start(1000, { areas: { graceMs: 600 } });
    const socket = client(url);
    for (const area of ['force:kent', 'force:essex', 'force:kent', 'force:essex', 'force:kent'])
      expect((await joinArea(socket, area)).ok).toBe(true);
    expect(api.areasRead()).toEqual(['force:kent', 'force:essex']);
    // Only the area watched counts against the node.
    expect((await health()).clocks.areas).toBe(1);
    // After the grace period the emptied area is read again.
    await new Promise((r) => setTimeout(r, 800));
    expect((await joinArea(socket, 'force:essex')).ok).toBe(true);
    expect(api.areasRead()).toEqual(['force:kent', 'force:essex', 'force:essex']);
  });

  it('lets one address make the node compute only its share of the areas', async () => {
    const { url } = await start(1000, { maxAreasPerAddress: 3 });
    const sockets = Array.from({ length: 5 }, () => client(url));
    const replies = await Promise.all(
      sockets.map((socket, i) => joinArea(socket, `neighbourhood:kent:N${i}`)),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(3);
    expect(replies.filter((r) => !r.ok)).toEqual(
      Array(2).fill({
        ok: false,
        error: 'Too many areas are watched from this address; leave one to watch another.',
      }),
    );
    // An area it already watches still takes another of its viewers.
    const watching = replies.findIndex((r) => r.ok);
    const second = client(url);
    expect((await joinArea(second, `neighbourhood:kent:N${watching}`)).ok).toBe(true);
    expect((await joinArea(client(url), 'force:surrey')).ok).toBe(false);
    // When its viewers leave an area, its place is free again.
    sockets[watching]!.close();
    second.emit('area:leave', `neighbourhood:kent:N${watching}`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await joinArea(client(url), 'force:surrey')).ok).toBe(true);
  });

  it("pushes an area's new definition to its viewers when the police data changes", async () => {
    const { api, url } = await start();
    const socket = client(url);
    const reply = await joinArea(socket, 'force:kent');
    if (!reply.ok) throw new Error(reply.error);
    const pushed = new Promise<ClockDefinition>((resolve) => socket.on('clock:definition', resolve));
    api.setVolume(300_000);
    const next = await pushed;
    expect(next.meta.areaName).toBe('Area force:kent');
    expect(next.version).not.toBe(reply.definition.version);
    const tick = await new Promise<TickFrame>((resolve) => socket.once(TICK_EVENT, resolve));
    expect(readTick(tick)!.v).toBe(tickVersion(next.version));
  });
});
