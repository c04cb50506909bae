import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';

// One address may hold API_MAX_CONNECTIONS_PER_ADDRESS connections to the API; more are closed at
// once, others are not affected, and the proxy TRUST_PROXY names is exempt. Loopback has a whole
// /8 here, so the client takes several addresses by binding its end of each connection.
const CAP = 5;
const PROXY = '127.0.0.9';

interface Connection {
  socket: Socket;
  /** Resolves true when the server closed it within a second, false when it stayed open. */
  closedByServer: Promise<boolean>;
}

function open(port: number, from: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      const closedByServer = new Promise<boolean>((done) => {
        const timer = setTimeout(() => done(false), 1000);
        socket.once('close', () => {
          clearTimeout(timer);
          done(true);
        });
      });
      resolve({ socket, closedByServer });
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('connections per address on the API server', () => {
  let db: TestDatabase;
  let app: App;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await buildApp({
      config: parseConfig({
        DATABASE_URL: db.url,
        API_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
        TRUST_PROXY: PROXY,
      }),
      sequelize: db.sequelize,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await app?.close();
    await db?.drop();
  });

  const openMany = async (count: number, from: string) => {
    const connections = await Promise.all(Array.from({ length: count }, () => open(port, from)));
    sockets.push(...connections.map((c) => c.socket));
    return connections;
  };

  it('closes what one address opens beyond its share, at once and in parallel, and no one else', async () => {
    const flood = await openMany(3 * CAP, '127.0.0.2');
    const closed = await Promise.all(flood.map((c) => c.closedByServer));
    expect(closed.filter((c) => !c)).toHaveLength(CAP);

    const other = await openMany(CAP, '127.0.0.3');
    expect(await Promise.all(other.map((c) => c.closedByServer))).toEqual(Array(CAP).fill(false));

    // One of the flood's own closes: the address may open one more, not two.
    flood.find((_, i) => !closed[i])!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [first, second] = await openMany(2, '127.0.0.2');
    expect(await first!.closedByServer).toBe(false);
    expect(await second!.closedByServer).toBe(true);
  });

  it('leaves the trusted proxy alone: every visitor comes through it', async () => {
    const through = await openMany(3 * CAP, PROXY);
    expect(await Promise.all(through.map((c) => c.closedByServer))).toEqual(Array(3 * CAP).fill(false));
  });
});
