import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../common/realtime/protocol.ts';
import { createRealtimeServer, type RealtimeServer } from './server-app.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('realtime server', () => {
  let server: RealtimeServer | undefined;
  const clients: Client[] = [];
  afterEach(async () => {
    clients.splice(0).forEach((c) => c.close());
    await server?.close();
  });

  const start = async () => {
    server = createRealtimeServer({ logger: pino({ level: 'silent' }), tickMs: 200 });
    const port = await server.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${port}`;
  };

  it('broadcasts the server time to every connected client', async () => {
    const url = await start();
    const received = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<number[]>((resolve) => {
            const client: Client = connect(url, { transports: ['websocket'], forceNew: true });
            clients.push(client);
            const times: number[] = [];
            client.on('server:time', ({ t }) => {
              times.push(t);
              if (times.length === 3) resolve(times);
            });
          }),
      ),
    );
    for (const times of received) {
      expect(times[2]!).toBeGreaterThan(times[0]!);
      expect(Math.abs(times[2]! - Date.now())).toBeLessThan(2000);
    }
  });

  it('answers its health endpoint and 404s elsewhere', async () => {
    const url = await start();
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', clients: 0 });
    const other = await fetch(`${url}/elsewhere`);
    expect(other.status).toBe(404);
  });

  it('tells clients when it closes, and frees its port', async () => {
    const url = await start();
    const client: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    clients.push(client);
    await new Promise<void>((resolve) => client.on('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) =>
      client.on('disconnect', (reason) => resolve(reason)),
    );
    await server!.close();
    server = undefined;
    expect(await disconnected).toBe('io server disconnect');
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });
});
