import { createServer, type Server } from 'node:http';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { clockModelsFor } from '../../common/clock/clock-data.ts';
import { parseConfig } from '../../common/config/config.ts';
import { clockAt, wholeCount } from '../../common/clock/model.ts';
import { policeClockDefinition } from '../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../common/clock/types.ts';
import { GetRealtimeHealth, type RealtimeHealth } from '../../common/contracts/realtime-health.ts';
import {
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../common/realtime/protocol.ts';
import { readTick, tickVersion, type ClockTick, type TickFrame } from '../../common/realtime/tick.ts';
import { REALTIME_ENGINES, startRealtimeNode } from '../../tests/support/realtime-node.ts';
import { clockAnswerFor } from '../../tests/support/clock-answer.ts';
import { freePort } from '../../tests/support/product.ts';
import { startTcpProxy } from '../../tests/support/tcp-proxy.ts';
import { createApiReader } from './api-client/api-reader.ts';
import { createDefinitionSource } from './clocks/definition-source.ts';
import { composeRealtimeServer, type RealtimeSettings } from './compose.ts';
import type { RealtimeServer } from './server-app.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

function policeDefinition(violent: number): ClockDefinition {
  return policeClockDefinition({
    categoryCounts: [
      { slug: 'violent-crime', count: violent },
      { slug: 'shoplifting', count: 200_000 },
    ],
    months: 6,
    latestDataMonth: '2026-09',
    excludedForces: [],
    lastUpdated: '2026-11-01T00:00:00Z',
  });
}

/** A local double of the API's police-clock endpoint, whose data the test can change. */
async function startApiDouble(initial: ClockDefinition | null, port = 0) {
  let definition = initial;
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (!definition) {
      res.statusCode = 503;
      return res.end(JSON.stringify({ success: false, error: 'No police data', code: 'NO_POLICE_DATA' }));
    }
    res.end(JSON.stringify(clockAnswerFor(definition)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    set(next: ClockDefinition | null) {
      definition = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(REALTIME_ENGINES)('realtime server on REALTIME_ENGINE=%s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The node's configuration: the defaults, on this engine, with what a test changes. */
  async function startNode(apiUrl: string, config: Partial<RealtimeSettings['config']> = {}) {
    const server: RealtimeServer = await composeRealtimeServer({
      config: { ...parseConfig({}), realtimeEngine: engine, ...config },
      logger,
      tickMs: 1000,
      definitions: createDefinitionSource({
        readApi: createApiReader({ apiUrl }),
        logger,
        refreshMs: 60_000,
        retryMs: 300,
      }),
    });
    const port = await server.listen(0, '127.0.0.1');
    let open = true;
    const close = async () => {
      if (!open) return;
      open = false;
      await server.close();
    };
    cleanups.push(close);
    return { port, url: `http://127.0.0.1:${port}`, close };
  }

  function client(url: string, options: { reconnection?: boolean } = {}): Client {
    const socket: Client = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
    });
    cleanups.push(() => void socket.close());
    return socket;
  }

  const join = (socket: Client, clock: 'csew' | 'police') =>
    new Promise<JoinClockReply>((resolve) => socket.emit('clock:join', clock, resolve));

  const nextTicks = (socket: Client, count: number) =>
    new Promise<ClockTick[]>((resolve) => {
      const ticks: ClockTick[] = [];
      const onTick = (frame: TickFrame) => {
        ticks.push(readTick(frame)!);
        if (ticks.length === count) {
          socket.off(TICK_EVENT, onTick);
          resolve(ticks);
        }
      };
      socket.on(TICK_EVENT, onTick);
    });

  it('sends a joined viewer one message a second, the tick, which also carries the server time', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url);
    const socket = client(node.url);
    const events: { name: string; at: number; args: unknown[] }[] = [];
    socket.onAny((name: string, ...args: unknown[]) => events.push({ name, at: Date.now(), args }));
    const idle = client(node.url);
    const idleEvents: string[] = [];
    idle.onAny((name: string) => idleEvents.push(name));
    await join(socket, 'csew');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(new Set(events.map((e) => e.name))).toEqual(new Set([TICK_EVENT]));
    // The tick sent on joining, then one a second: at most five in 3.5 s, at least three.
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.length).toBeLessThanOrEqual(5);
    for (const event of events) {
      const tick = readTick(event.args[0])!;
      expect(Math.abs(event.at - tick.t)).toBeLessThan(2000);
    }
    // A client in no room gets nothing at all.
    expect(idleEvents).toEqual([]);
  });

  it('gives a joining client the definition, then the authoritative count every whole second', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url);
    const socket = client(node.url);
    const reply = await join(socket, 'csew');
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.definition.clock).toBe('csew');
    const ticks = await nextTicks(socket, 3);
    const model = clockModelsFor(reply.definition).incidents;
    for (const [i, tick] of ticks.entries()) {
      // The tick sent on joining may share its second with the first broadcast; after that, one a second.
      if (i > 0) expect(i === 1 ? [0, 1000] : [1000]).toContain(tick.t - ticks[i - 1]!.t);
      if (i > 0) expect(tick.n).toBeGreaterThanOrEqual(ticks[i - 1]!.n);
      expect(tick.t % 1000).toBe(0);
      expect(tick.v).toBe(tickVersion(reply.definition.version));
      expect(tick.n).toBe(wholeCount(clockAt(model, tick.t).total));
      expect(tick.counters).toHaveLength(
        1 + reply.definition.categories.length + 1 + reply.definition.prevalence!.length,
      );
    }
  });

  it('gives a client that joined before the police data existed the definition once it arrives', async () => {
    const api = await startApiDouble(null);
    cleanups.push(api.close);
    const node = await startNode(api.url);
    const socket = client(node.url);
    expect(await join(socket, 'police')).toEqual({ ok: false, error: 'This clock has no data yet.' });
    const arrived = new Promise<ClockDefinition>((resolve) => socket.on('clock:definition', resolve));
    const definition = policeDefinition(400_000);
    api.set(definition);
    expect((await arrived).version).toBe(definition.version);
    expect((await nextTicks(socket, 1))[0]!.v).toBe(tickVersion(definition.version));
  });

  it('refuses an unknown clock with a clear error', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url);
    const reply = await join(client(node.url), 'weather' as 'csew');
    expect(reply).toEqual({ ok: false, error: 'Unknown clock; use "csew" or "police".' });
  });

  /** The node's health answer, held to its contract: no error, and no field the contract does not name. */
  const health = async (url: string) => {
    const res = await fetch(`${url}${GetRealtimeHealth.path}`);
    const body: unknown = await res.json();
    expect([200, 503]).toContain(res.status);
    const schema = GetRealtimeHealth.response[res.status as 200 | 503];
    expect(Value.Errors(schema, body).map((e) => `${e.instancePath || '/'} ${e.message}`)).toEqual([]);
    expect(Value.Clean(schema, structuredClone(body))).toEqual(body);
    return { status: res.status, body: body as RealtimeHealth };
  };

  it('answers its health endpoint, naming its engine, and 404s elsewhere', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url);
    await expect.poll(async () => (await health(node.url)).status).toBe(200);
    expect((await health(node.url)).body).toMatchObject({
      status: 'ok',
      clients: 0,
      engine: engine === 'uws' ? 'uWebSockets.js' : 'node:http',
    });
    for (const path of ['/elsewhere', '/health/x', '/socket.iox']) {
      const res = await fetch(`${node.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await fetch(`${node.url}/health`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 503 on /health, saying why, while the API has not answered for its police clock, and 200 once it has', async () => {
    // The API is not up yet: a port nothing listens on, then the API there.
    const port = await freePort();
    const node = await startNode(`http://127.0.0.1:${port}`);
    const before = await health(node.url);
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ status: 'unavailable' });
    expect(before.body.problems).toEqual([expect.stringMatching(/^no police clock definition loaded yet/)]);
    const api = await startApiDouble(policeDefinition(400_000), port);
    cleanups.push(api.close);
    await expect.poll(async () => (await health(node.url)).status, { timeout: 10_000 }).toBe(200);
  });

  it('answers 200 on /health when the API says its store has no police data: the survey clock still runs', async () => {
    const api = await startApiDouble(null);
    cleanups.push(api.close);
    const node = await startNode(api.url);
    await expect.poll(async () => (await health(node.url)).status, { timeout: 5000 }).toBe(200);
  });

  it('answers 503 on /health while it holds REALTIME_MAX_CONNECTIONS, and 200 once one leaves', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url, { realtimeMaxConnections: 2 });
    await expect.poll(async () => (await health(node.url)).status).toBe(200);
    const sockets = [client(node.url), client(node.url)];
    await Promise.all(sockets.map((s) => new Promise((resolve) => s.on('connect', () => resolve(null)))));
    const full = await health(node.url);
    expect(full.status).toBe(503);
    expect(full.body.problems).toEqual([
      'at its connection cap (REALTIME_MAX_CONNECTIONS 2): new visitors are refused',
    ]);
    sockets[0]!.close();
    await expect.poll(async () => (await health(node.url)).status).toBe(200);
  });

  it('tells clients when it closes, and frees its port', async () => {
    const api = await startApiDouble(policeDefinition(500_000));
    cleanups.push(api.close);
    const node = await startNode(api.url);
    const socket = client(node.url);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );
    await node.close();
    expect(await disconnected).toBe('transport close');
    await expect(fetch(`${node.url}/health`)).rejects.toThrow();
  });

  describe.runIf(process.env.TEST_REDIS_URL)('nodes sharing Redis', () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    const node = async (apiUrl: string, refreshSeconds: number) => {
      const started = await startRealtimeNode({
        API_INTERNAL_URL: apiUrl,
        REDIS_URL: redisUrl,
        CLOCK_REFRESH_SECONDS: String(refreshSeconds),
        REALTIME_ENGINE: engine,
      });
      cleanups.push(() => void started.stop('SIGKILL'));
      return started;
    };

    it('send identical ticks to clients on both nodes, and a new definition reaches both', async () => {
      const api = await startApiDouble(policeDefinition(500_000));
      cleanups.push(api.close);
      // Node A polls the API every second; node B only every ten minutes, so B can learn of new
      // data only through A's notice over Redis.
      const a = await node(api.url, 1);
      const b = await node(api.url, 600);
      const onA = client(a.url);
      const onB = client(b.url);
      expect((await join(onA, 'police')).ok).toBe(true);
      expect((await join(onB, 'police')).ok).toBe(true);
      const [ticksA, ticksB] = await Promise.all([nextTicks(onA, 3), nextTicks(onB, 3)]);
      const byTime = new Map(ticksA.map((t) => [t.t, JSON.stringify(t)]));
      const shared = ticksB.filter((t) => byTime.has(t.t));
      expect(shared.length).toBeGreaterThanOrEqual(2);
      for (const tick of shared) expect(JSON.stringify(tick)).toBe(byTime.get(tick.t));

      const next = policeDefinition(900_000);
      const seenOnB = new Promise<ClockDefinition>((resolve) => onB.on('clock:definition', resolve));
      api.set(next);
      const received = await Promise.race([
        seenOnB,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
      ]);
      expect(received?.version).toBe(next.version);
    }, 60_000);

    it('N nodes behind the proxy serve N × the viewers of one: every tick to every viewer, the same on all nodes', async () => {
      const nodes = 3;
      const perNode = 15;
      const api = await startApiDouble(policeDefinition(500_000));
      cleanups.push(api.close);
      const started = await Promise.all(Array.from({ length: nodes }, () => node(api.url, 30)));
      const proxy = await startTcpProxy(started.map((n) => n.port));
      cleanups.push(proxy.close);
      const viewers = Array.from({ length: nodes * perNode }, () => {
        const socket = client(`http://127.0.0.1:${proxy.port}`);
        const ticks: { t: number; n: number; bytes: string }[] = [];
        socket.on(TICK_EVENT, (frame) => {
          const tick = readTick(frame)!;
          ticks.push({ t: tick.t, n: tick.n, bytes: JSON.stringify(frame) });
        });
        return { socket, ticks };
      });
      const replies = await Promise.all(viewers.map((v) => join(v.socket, 'police')));
      expect(replies.every((r) => r.ok)).toBe(true);

      // The proxy spreads viewers evenly: each node holds its share, and together they hold all.
      for (const n of started) {
        const health = (await (await fetch(`${n.url}/health`)).json()) as { clients: number };
        expect(health.clients).toBe(perNode);
      }

      // A window of whole seconds, all after every viewer joined.
      const fromT = Math.ceil(Date.now() / 1000) * 1000 + 1000;
      const toT = fromT + 3000;
      await new Promise((resolve) => setTimeout(resolve, toT + 1500 - Date.now()));
      const seconds = [fromT, fromT + 1000, fromT + 2000, fromT + 3000];
      const bytesAt = new Map<number, Set<string>>(seconds.map((t) => [t, new Set()]));
      for (const { ticks } of viewers) {
        const inWindow = ticks.filter((tick) => tick.t >= fromT && tick.t <= toT);
        // None lost and none twice: each second of the window, once.
        expect(inWindow.map((tick) => tick.t)).toEqual(seconds);
        for (const tick of inWindow) bytesAt.get(tick.t)!.add(tick.bytes);
        // Counts never go backwards (they restart only at New Year).
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.n).toBeGreaterThanOrEqual(ticks[i - 1]!.n);
      }
      // Every node computed the same count for the same second: one payload per second for all.
      for (const t of seconds) expect(bytesAt.get(t)!.size).toBe(1);
    }, 60_000);

    it('a client whose node is killed reconnects to the other and its count never goes back', async () => {
      const api = await startApiDouble(policeDefinition(500_000));
      cleanups.push(api.close);
      const a = await node(api.url, 30);
      const b = await node(api.url, 30);
      const proxy = await startTcpProxy([a.port, b.port]);
      cleanups.push(proxy.close);
      const socket = client(`http://127.0.0.1:${proxy.port}`, { reconnection: true });
      const counts: number[] = [];
      socket.on('connect', () => void join(socket, 'police'));
      socket.on(TICK_EVENT, (frame) => counts.push(readTick(frame)!.n));
      await nextTicks(socket, 2);
      // The proxy sent the first connection to A: kill it without warning.
      const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
      await a.stop('SIGKILL');
      await reconnected;
      const before = counts.length;
      await nextTicks(socket, 2);
      expect(counts.length).toBeGreaterThan(before);
      for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThanOrEqual(counts[i - 1]!);
    }, 60_000);
  });
});
