/**
 * Expensive searches from one address against two built API processes (as `npm start` runs them)
 * on one store: fifty parallel force-wide searches over twelve months must not take the store from
 * every other visitor. One address has SEARCHES_PER_ADDRESS searches in flight, counted across
 * the nodes; the rest are refused at once with 429 and Retry-After.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { startApiProcess, type ApiProcess } from '../support/api-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/database.ts';
import { csvText, STREET_HEADER, streetRows } from '../support/police-archive.ts';
import { ensureBuiltApi } from './built-api.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
const CRIMES_PER_MONTH = 5_000;
const SEARCHES_PER_ADDRESS = 4;
const FORCE_WIDE = JSON.stringify({
  searchType: 'force',
  forceId: 'kent',
  startMonth: MONTHS[0],
  endMonth: MONTHS.at(-1),
});

interface Answer {
  status: number;
  code?: string;
  retryAfter?: string;
  ms: number;
}

interface Search {
  /** Settles with the answer: at once when refused, after `send()` when admitted. */
  answer: Promise<Answer>;
  /** Sends the body; until then an admitted search holds its place without running. */
  send(): void;
  answered(): boolean;
}

/**
 * A force-wide 12-month search to `port` as `address` (the API trusts loopback as its proxy), its
 * head sent at once and its body only on `send()`. A place is taken when the head arrives, so a
 * flood's searches all ask for one before any of them can finish and give one back, however fast
 * the machine answers a search.
 */
function search(port: number, address: string): Search {
  const started = performance.now();
  let done = false;
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/crimes/search',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(FORCE_WIDE)),
      origin: `http://127.0.0.1:${port}`,
      'x-forwarded-for': address,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        done = true;
        resolve({
          status: res.statusCode ?? 0,
          code: res.statusCode === 200 ? undefined : (JSON.parse(body) as { code: string }).code,
          retryAfter: res.headers['retry-after'],
          ms: performance.now() - started,
        });
      });
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { answer, send: () => req.end(FORCE_WIDE), answered: () => done };
}

/** Heads of `count` searches from one address spread over `ports`; resolves once all refusals are in. */
async function flood(ports: number[], address: (i: number) => string, count = 50) {
  const searches = Array.from({ length: count }, (_, i) => search(ports[i % ports.length]!, address(i)));
  const deadline = Date.now() + 10_000;
  while (searches.filter((s) => s.answered()).length < count - SEARCHES_PER_ADDRESS) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return searches;
}

async function finish(searches: Search[]): Promise<Answer[]> {
  for (const s of searches) s.send();
  return Promise.all(searches.map((s) => s.answer));
}

describe.each(testDialects)('a flood of force-wide searches against two built API nodes on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let nodes: ApiProcess[] = [];
  let ports: number[];

  beforeAll(async () => {
    ensureBuiltApi();
    dir = mkdtempSync(join(tmpdir(), 'cc-search-flood-'));
    for (const [i, month] of MONTHS.entries()) {
      const folder = join(dir, 'archive', month);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `${month}-kent-street.csv`),
        csvText(
          STREET_HEADER,
          streetRows(CRIMES_PER_MONTH, { month, forceName: 'Kent Police', seed: i + 1, lat: 51.2, lng: 0.7 }),
        ),
      );
    }
    db = await createTestDatabase(dialect);
    await importSources(db.sequelize, [join(dir, 'archive')], { derivedTables: storeDerivedTables });
    const env = {
      DATABASE_URL: db.url,
      TRUST_PROXY: '127.0.0.1',
      SEARCHES_PER_ADDRESS: String(SEARCHES_PER_ADDRESS),
    };
    nodes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    ports = nodes.map((node) => Number(new URL(node.baseUrl).port));
  }, 600_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers another address within 1 s while 50 from one address are in flight on one node', async () => {
    const searches = await flood([ports[0]!], () => '198.51.100.1');
    const answers = finish(searches);
    const other = search(ports[0]!, '203.0.113.1');
    other.send();
    const [all, theOther] = [await answers, await other.answer];

    expect(theOther.status).toBe(200);
    expect(theOther.ms).toBeLessThan(1000);
    expect(all.filter((a) => a.status === 200)).toHaveLength(SEARCHES_PER_ADDRESS);
    const refused = all.filter((a) => a.status === 429);
    expect(refused).toHaveLength(50 - SEARCHES_PER_ADDRESS);
    for (const answer of refused) expect(answer).toMatchObject({ code: 'TOO_MANY_AT_ONCE', retryAfter: '1' });
  });

  it("counts one address's searches on both nodes together, and an IPv6 /64 as one address", async () => {
    const fromOne = await finish(await flood(ports, () => '198.51.100.2'));
    expect(fromOne.filter((a) => a.status === 200)).toHaveLength(SEARCHES_PER_ADDRESS);
    expect(fromOne.filter((a) => a.code === 'TOO_MANY_AT_ONCE')).toHaveLength(50 - SEARCHES_PER_ADDRESS);

    const fromOneNetwork = await finish(await flood(ports, (i) => `2001:db8:7:7::${(i + 1).toString(16)}`));
    expect(fromOneNetwork.filter((a) => a.status === 200)).toHaveLength(SEARCHES_PER_ADDRESS);

    // The places are given back as the searches are answered.
    const again = search(ports[1]!, '198.51.100.2');
    again.send();
    expect((await again.answer).status).toBe(200);
  });
});
