import { request } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { leases } from '../db/window-counters.ts';
import { composeExportGate } from '../composition/export-gate.ts';
import type { SearchExport } from './export-service.ts';
import { sendGatedExport } from './routes.ts';
import { addressHash, ephemeralAddressKey } from '../../../server-common/security/address-hash.ts';

const KEY = ephemeralAddressKey();

// The export gate's place over a download's whole life, on a real server and socket: held while
// the export is prepared, also when the client has left meanwhile, and given back exactly once.

const file = (body: Readable): SearchExport => ({
  fileName: 'crimes.csv',
  contentType: 'text/csv',
  total: 1,
  body,
});

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('sqlite');
});
afterAll(() => db?.drop());

async function serve(produce: () => Promise<SearchExport>) {
  const gate = composeExportGate({
    atOnce: 4,
    perAddress: 4,
    leases: leases(db.sequelize),
    addressHash: (address) => addressHash(address, KEY),
    idleMs: 60_000,
  });
  const app = Fastify();
  app.get('/export', (req, reply) => sendGatedExport(gate, req, reply, produce));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, gate, port: (app.server.address() as { port: number }).port };
}

function get(port: number) {
  const req = request({ host: '127.0.0.1', port, path: '/export', agent: false });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.end();
  return { req, answered };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('a gated export over a real connection', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('keeps the place while the export is prepared after the client left, then frees it once', async () => {
    let finish!: (f: SearchExport) => void;
    const served = await serve(() => new Promise<SearchExport>((resolve) => (finish = resolve)));
    app = served.app;
    const { req, answered } = get(served.port);
    answered.catch(() => undefined);
    // Admitted once the address's place is taken in the store.
    await vi.waitFor(() => expect(served.gate.stats().running).toBe(1));

    req.destroy(); // the client leaves while the store is still being read
    await settle();
    expect(served.gate.stats().running).toBe(1);

    finish(file(Readable.from(['a,b\n'])));
    await settle();
    expect(served.gate.stats()).toMatchObject({ running: 0, addresses: 0 });
  });

  it('frees the place when the download ends, and when preparing it fails', async () => {
    const ok = await serve(async () => file(Readable.from(['id\n', '1\n'])));
    app = ok.app;
    expect(await get(ok.port).answered).toEqual({ status: 200, body: 'id\n1\n' });
    await settle();
    expect(ok.gate.stats().running).toBe(0);
    await app.close();

    const failing = await serve(() => Promise.reject(new Error('the store went away')));
    app = failing.app;
    expect((await get(failing.port).answered).status).toBe(500);
    expect(failing.gate.stats().running).toBe(0);
  });
});
