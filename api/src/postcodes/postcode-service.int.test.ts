import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_SUGGESTIONS_MAX } from '../../../common/contracts/postcodes.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { HttpError } from '../http/errors.ts';
import { createPostcodeService, type PostcodeService } from './postcode-service.ts';
import { createPostcodeApiClient } from './postcodes-io-client.ts';

/** A postcodes.io stand-in: a few known postcodes, a slow one, and request counting. */
function startDouble() {
  const known: Record<string, { postcode: string; latitude: number | null; longitude: number | null }> = {
    EC1A1BB: { postcode: 'EC1A 1BB', latitude: 51.520195, longitude: -0.097664 },
    EC1A7BE: { postcode: 'EC1A 7BE', latitude: 51.518163, longitude: -0.101212 },
    // terminated postcodes keep their entry but lose their position
    EC1A9ZZ: { postcode: 'EC1A 9ZZ', latitude: null, longitude: null },
    // a misbehaving service answering for another postcode
    EC1A4AA: { postcode: 'SW1A 1AA', latitude: 51.5, longitude: -0.14 },
  };
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'postcodes') return send(404, { status: 404, error: 'Resource not found' });
    const key = (parts[1] ?? '').replace(/\s+/g, '').toUpperCase();
    if (key === 'EC1A8SL') return; // never answers
    if (key === 'EC1A5XX') return send(500, { status: 500, error: 'boom' });
    if (parts[2] === 'autocomplete') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const result = Object.values(known)
        .map((p) => p.postcode)
        .filter((p) => p.replace(' ', '').startsWith(key))
        .slice(0, limit);
      return send(200, { status: 200, result: result.length ? result : null });
    }
    const found = known[key];
    return found
      ? send(200, { status: 200, result: found })
      : send(404, { status: 404, error: 'Postcode not found' });
  });
  return new Promise<{ url: string; requests: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function httpError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe.each(testDialects)('postcode service on %s', (dialect) => {
  let db: TestDatabase;
  let double: Awaited<ReturnType<typeof startDouble>>;
  let service: PostcodeService;
  let local: PostcodeService;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    double = await startDouble();
    await db.sequelize.getQueryInterface().bulkInsert('postcodes', [
      { postcode: 'SW1A 1AA', compact: 'SW1A1AA', lat: 51.501009, lng: -0.141588, synthetic: false },
      { postcode: 'SW1A 2AA', compact: 'SW1A2AA', lat: 51.50354, lng: -0.127695, synthetic: false },
      { postcode: 'SW1P 3BU', compact: 'SW1P3BU', lat: 51.4957, lng: -0.1296, synthetic: true },
      { postcode: 'SW19 1AA', compact: 'SW191AA', lat: 51.42, lng: -0.2, synthetic: false },
      { postcode: 'M11 1AA', compact: 'M111AA', lat: 53.48, lng: -2.19, synthetic: false },
      { postcode: 'M11 1AB', compact: 'M111AB', lat: 53.48, lng: -2.19, synthetic: false },
      { postcode: 'M1 1AE', compact: 'M11AE', lat: 53.48, lng: -2.24, synthetic: false },
    ]);
    const remote = createPostcodeApiClient({ baseUrl: `${double.url}/`, timeoutMs: 300 });
    service = createPostcodeService({ sequelize: db.sequelize, remote });
    local = createPostcodeService({ sequelize: db.sequelize });
  });
  afterAll(async () => {
    await double?.close();
    await db?.drop();
  });

  it('finds a stored postcode however it is typed', async () => {
    for (const typed of ['SW1A 1AA', 'sw1a1aa', '  Sw1A   1aA ']) {
      expect(await local.lookup(typed)).toEqual({
        postcode: 'SW1A 1AA',
        latitude: 51.501009,
        longitude: -0.141588,
        synthetic: false,
      });
    }
    expect((await local.lookup('SW1P 3BU')).synthetic).toBe(true);
  });

  it('refuses a malformed postcode with 400 and an unknown one with 404', async () => {
    const bad = await httpError(local.lookup("SW1A' OR 1=1 --"));
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toBe('Please enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH');
    const unknown = await httpError(local.lookup('EC1A 1BB'));
    expect([unknown.statusCode, unknown.code, unknown.message]).toEqual([
      404,
      'POSTCODE_NOT_HELD',
      "We don't hold the position of EC1A 1BB. We hold no postcode of EC1A.",
    ]);
  });

  it("offers the nearest held postcode of the district, the same sector first, never another district's", async () => {
    const offered = async (postcode: string) => {
      const error = await httpError(local.lookup(postcode));
      expect([error.statusCode, error.code]).toEqual([404, 'POSTCODE_NOT_HELD']);
      return [error.suggestion, error.message];
    };
    expect(await offered('M1 1AF')).toEqual([
      'M1 1AE',
      "We don't hold the position of M1 1AF. The nearest postcode we hold in M1 is M1 1AE.",
    ]);
    // M11 1AA and M11 1AB sort right after M1 9ZZ but are of district M11.
    expect((await offered('M1 9ZZ'))[0]).toBe('M1 1AE');
    expect((await offered('SW1A 2AB'))[0]).toBe('SW1A 2AA');
    expect((await offered('SW1A 1AB'))[0]).toBe('SW1A 1AA');
    // With the postcode service behind the list, one it cannot place is offered the same way.
    expect((await httpError(service.lookup('EC1A 2ZZ'))).code).toBe('POSTCODE_NOT_HELD');
  });

  it('fills a miss from the postcode service and keeps it', async () => {
    expect(await service.lookup('ec1a1bb')).toEqual({
      postcode: 'EC1A 1BB',
      latitude: 51.520195,
      longitude: -0.097664,
      synthetic: false,
    });
    expect(double.requests).toContain('/postcodes/EC1A1BB');
    // now stored: found without the service
    expect(await local.lookup('EC1A 1BB')).toMatchObject({ postcode: 'EC1A 1BB', latitude: 51.520195 });
    const before = double.requests.length;
    await service.lookup('EC1A 1BB');
    expect(double.requests.length).toBe(before);
  });

  it('keeps a concurrent double lookup of a new postcode to one row', async () => {
    const [a, b] = await Promise.all([service.lookup('EC1A 7BE'), service.lookup('EC1A7BE')]);
    expect(a).toEqual(b);
    const [rows] = await db.sequelize.query("SELECT COUNT(*) AS n FROM postcodes WHERE compact = 'EC1A7BE'");
    expect(Number((rows as { n: unknown }[])[0]!.n)).toBe(1);
  });

  it('answers 404 when the service does not know it, lost its position, errs, hangs or answers another', async () => {
    for (const postcode of ['EC1A 2ZZ', 'EC1A 9ZZ', 'EC1A 5XX', 'EC1A 4AA']) {
      expect((await httpError(service.lookup(postcode))).statusCode).toBe(404);
    }
    const started = Date.now();
    expect((await httpError(service.lookup('EC1A 8SL'))).statusCode).toBe(404);
    // the client's 300 ms timeout, not the server, decides
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('says a Scottish or Northern Irish postcode is outside England and Wales, held or not', async () => {
    await db.sequelize
      .getQueryInterface()
      .bulkInsert('postcodes', [
        { postcode: 'BT1 0AY', compact: 'BT10AY', lat: 54.5973, lng: -5.9301, synthetic: true },
      ]);
    for (const [postcode, region] of [
      ['EH1 1YZ', 'Scotland'],
      ['BT1 5GS', 'Northern Ireland'],
      ['BT1 0AY', 'Northern Ireland'],
    ]) {
      const error = await httpError(service.lookup(postcode!));
      expect(error.statusCode).toBe(404);
      expect(error.message).toBe(
        `${postcode} is in ${region}, outside England and Wales: the police data here covers England and Wales only.`,
      );
    }
  });

  it('suggests up to 8 stored postcodes by prefix, the typed district first', async () => {
    expect(await local.autocomplete('sw1a')).toEqual(['SW1A 1AA', 'SW1A 2AA']);
    // SW1 is the district before it is the start of SW19.
    expect(await local.autocomplete('SW1')).toEqual(['SW1A 1AA', 'SW1A 2AA', 'SW1P 3BU', 'SW19 1AA']);
    expect(await local.autocomplete('SW1', 3)).toEqual(['SW1A 1AA', 'SW1A 2AA', 'SW1P 3BU']);
    expect(await local.autocomplete('SW1A 1')).toEqual(['SW1A 1AA']);
    expect(await local.autocomplete('SW1A1')).toEqual(['SW1A 1AA']);
    // The visitor's space ends the outward code: M1 1…, not M11 1…, which sort first by letters.
    expect(await local.autocomplete('M1 1', 1)).toEqual(['M1 1AE']);
    expect(await local.autocomplete('M1 1')).toEqual(['M1 1AE']);
    expect(await local.autocomplete('M11')).toEqual(['M11 1AA', 'M11 1AB', 'M1 1AE']);
    expect(await local.autocomplete('SW', 2)).toHaveLength(2);
    // Fewer stored than asked: all of them. (A limit over POSTCODE_SUGGESTIONS_MAX is the contract's 400.)
    expect(await local.autocomplete('SW', POSTCODE_SUGGESTIONS_MAX)).toHaveLength(4);
    expect(await local.autocomplete('SW1A1AAX')).toEqual([]);
  });

  it('adds the service’s suggestions when the table has fewer than asked', async () => {
    expect(await service.autocomplete('EC1A')).toEqual(expect.arrayContaining(['EC1A 1BB', 'EC1A 7BE']));
    expect(double.requests.some((r) => r.startsWith('/postcodes/EC1A/autocomplete?limit=8'))).toBe(true);
  });

  it('refuses prefixes that are too short or not postcode characters', async () => {
    for (const q of ['S', '', ' ', 'SW%', "S'; DROP TABLE postcodes; --", 'SW_1']) {
      expect((await httpError(local.autocomplete(q))).statusCode).toBe(400);
    }
  });
});
