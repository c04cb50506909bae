import { Writable } from 'node:stream';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../../common/realtime/protocol.ts';
import { parseConfig } from '../../../common/config/config.ts';
import type { TickFrame } from '../../../common/realtime/tick.ts';
import { createApiReader } from '../api-client/api-reader.ts';
import { createDefinitionSource } from '../clocks/definition-source.ts';
import { composeRealtimeServer } from '../compose.ts';
import type { RealtimeServer } from '../server-app.ts';
import { REALTIME_ENGINES } from '../../../tests/support/realtime-node.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const TOKEN = 'realtime-metrics-token-0123456789';

/** The value of one sample of a Prometheus text exposition, or undefined when it is absent. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(REALTIME_ENGINES)('realtime metrics and logs on REALTIME_ENGINE=%s', (engine) => {
  let server: RealtimeServer;
  let url: string;
  const clients: Client[] = [];
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    server = await composeRealtimeServer({
      config: { ...parseConfig({}), realtimeEngine: engine, metricsToken: TOKEN },
      logger,
      tickMs: 1000,
      // The survey clock's figures are compiled in; the police clock's API is not there (port 9).
      definitions: createDefinitionSource({
        readApi: createApiReader({ apiUrl: 'http://127.0.0.1:9' }),
        logger,
        refreshMs: 60_000,
      }),
    });
    url = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  const client = async (): Promise<Client> => {
    const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return socket;
  };
  const join = (socket: Client) =>
    new Promise<JoinClockReply>((resolve) => socket.emit('clock:join', 'csew', resolve));
  const scrape = async () => {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-000' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('serves no metrics when METRICS_TOKEN is unset', async () => {
    const quiet = await composeRealtimeServer({
      config: { ...parseConfig({}), realtimeEngine: engine },
      logger: pino({ level: 'silent' }),
      tickMs: 1000,
      definitions: createDefinitionSource({
        readApi: createApiReader({ apiUrl: 'http://127.0.0.1:9' }),
        logger: pino({ level: 'silent' }),
        refreshMs: 60_000,
      }),
    });
    try {
      const port = await quiet.listen(0, '127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('crime_clock_realtime');
    } finally {
      await quiet.close();
    }
  });

  it("counts each room's clients and times the ticks sent to it", async () => {
    const viewers = await Promise.all([client(), client(), client()]);
    const idle = await client();
    for (const viewer of viewers) expect(await join(viewer)).toMatchObject({ ok: true });
    // Two broadcast ticks (the one sent on joining is the client's own, not a room broadcast).
    await new Promise<TickFrame[]>((resolve) => {
      const seen: TickFrame[] = [];
      viewers[0]!.on(TICK_EVENT, (tick) => {
        seen.push(tick);
        if (seen.length === 3) resolve(seen);
      });
    });

    const text = await scrape();
    expect(sampleValue(text, 'crime_clock_realtime_room_clients', { room: 'clock:csew' })).toBe(3);
    expect(sampleValue(text, 'crime_clock_realtime_room_clients', { room: 'clock:police' })).toBe(0);
    expect(sampleValue(text, 'crime_clock_realtime_connected_clients')).toBe(4);
    expect(sampleValue(text, 'crime_clock_realtime_connections_total')).toBe(4);
    const ticks = sampleValue(text, 'crime_clock_realtime_ticks_total', { clock: 'csew' })!;
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(sampleValue(text, 'crime_clock_realtime_tick_delay_seconds_count', { clock: 'csew' })).toBe(ticks);
    expect(
      sampleValue(text, 'crime_clock_realtime_tick_delay_seconds_bucket', { clock: 'csew', le: '+Inf' }),
    ).toBe(ticks);
    // A tick leaves within a fraction of its second on an idle node.
    const delaySum = sampleValue(text, 'crime_clock_realtime_tick_delay_seconds_sum', { clock: 'csew' })!;
    expect(delaySum).toBeGreaterThanOrEqual(0);
    expect(delaySum / ticks).toBeLessThan(0.5);
    // No room, no ticks: nobody watches the police clock.
    expect(sampleValue(text, 'crime_clock_realtime_ticks_total', { clock: 'police' })).toBeUndefined();
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const engineName = engine === 'uws' ? 'uWebSockets.js' : 'node:http';
    expect(sampleValue(text, 'crime_clock_realtime_engine_info', { engine: engineName })).toBe(1);

    viewers[2]!.close();
    idle.close();
    await vi.waitFor(async () => {
      const after = await scrape();
      expect(sampleValue(after, 'crime_clock_realtime_room_clients', { room: 'clock:csew' })).toBe(2);
      expect(sampleValue(after, 'crime_clock_realtime_connected_clients')).toBe(2);
    });
  });

  it('logs each client with its socket id, as JSON', async () => {
    const socket = await client();
    const id = socket.id;
    socket.close();
    await vi.waitFor(() => {
      const mine = lines.filter((line) => line.socketId === id);
      expect(mine.map((line) => line.msg)).toEqual(['client connected', 'client disconnected']);
      expect(mine[0]).toMatchObject({ level: 20, transport: 'websocket' });
    });
  });
});
