/**
 * Whole-result exports against the built API process (as `npm start` runs it): parallel downloads
 * from one address, from many, and downloads nobody reads must not take the store and memory from
 * every other visitor. An export holds a place of EXPORTS_AT_ONCE on the node and of
 * EXPORTS_PER_ADDRESS for its address until its response ends; a reader that stops is cut off
 * after EXPORT_IDLE_TIMEOUT_SECONDS without a byte taken, which gives its place back.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { healthProbe, startApiProcess, type ApiProcess } from '../support/api-process.ts';
import { csvText, STREET_HEADER, streetRows } from '../support/police-archive.ts';
import { ensureBuiltApi } from './built-api.ts';

// Big enough (~50 MB of CSV) that a download nobody reads stalls in the server with the sockets'
// buffers full (Linux lets a loopback connection buffer up to 32 MB received and 4 MB sent).
const CRIMES = 300_000;
const EXPORT_PATH =
  '/api/crimes/export?format=csv&searchType=force&forceId=kent&startMonth=2025-01&endMonth=2025-01';
const IDLE_SECONDS = 3;

interface Download {
  socket: Socket;
  /** The status line's code, once the head has arrived. */
  status: Promise<number>;
}

/**
 * GET `path` on a connection of its own, as `address` (X-Forwarded-For, the API trusts loopback as
 * its proxy here), reading the response's first bytes only, then nothing more.
 */
function stalledDownload(port: number, address: string, path = EXPORT_PATH): Download {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  const status = new Promise<number>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
    });
    socket.once('close', () => reject(new Error('closed before any answer')));
  });
  return { socket, status };
}

/** A whole download read to its end: its status and lines. */
function fullDownload(port: number, address: string): Promise<{ status: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: EXPORT_PATH, agent: false, headers: { 'x-forwarded-for': address } },
      (res) => {
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) lines += 1;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A connection of its own to the API, once it is open. */
function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Writes GET `path` as `address` on an open connection (written at once, in the caller's turn)
 * and reads the whole answer: its status, and its refusal's code when it is not a 200.
 */
function answerTo(socket: Socket, path: string, address: string): Promise<{ status: number; code?: string }> {
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\nConnection: close\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const code = status === 200 ? undefined : /"code":"([A-Z_]+)"/.exec(text)?.[1];
      resolve({ status, code });
    });
  });
}

describe('exports and maps against the built API', () => {
  let api: ApiProcess;
  let dir: string;
  let port: number;

  beforeAll(async () => {
    ensureBuiltApi();
    dir = mkdtempSync(join(tmpdir(), 'cc-export-flood-'));
    const archive = join(dir, 'archive', '2025-01');
    mkdirSync(archive, { recursive: true });
    writeFileSync(
      join(archive, '2025-01-kent-street.csv'),
      csvText(
        STREET_HEADER,
        streetRows(CRIMES, { month: '2025-01', forceName: 'Kent Police', seed: 7, lat: 51.2, lng: 0.7 }),
      ),
    );
    const url = `sqlite:${join(dir, 'store.sqlite')}`;
    const sequelize = openDatabase({ url });
    try {
      await migrateToLatest(sequelize);
      const summary = await importSources(sequelize, [join(dir, 'archive')], {
        derivedTables: storeDerivedTables,
      });
      expect(summary.rows).toBe(CRIMES);
    } finally {
      await sequelize.close();
    }
    api = await startApiProcess({
      DATABASE_URL: url,
      TRUST_PROXY: '127.0.0.1',
      EXPORT_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      EXPORTS_AT_ONCE: '4',
      EXPORTS_PER_ADDRESS: '2',
      MAP_READS_PER_ADDRESS: '2',
    });
    port = Number(new URL(api.baseUrl).port);
  }, 300_000);
  afterAll(async () => {
    await api?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('streams two downloads at once per address, four per node, refuses the rest, and cuts off readers that stop', async () => {
    // Ten at once from one address: two stream, eight are refused at once.
    const one = Array.from({ length: 10 }, () => stalledDownload(port, '198.51.100.1'));
    const fromOne = await Promise.all(one.map((d) => d.status));
    expect(fromOne.filter((s) => s === 200)).toHaveLength(2);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(8);

    // Ten from ten other addresses: two more places on the node, then 503 for everyone.
    const many = Array.from({ length: 10 }, (_, i) => stalledDownload(port, `203.0.113.${i + 1}`));
    const fromMany = await Promise.all(many.map((d) => d.status));
    expect(fromMany.filter((s) => s === 200)).toHaveLength(2);
    expect(fromMany.filter((s) => s === 503)).toHaveLength(8);

    // The node still answers other visitors while four downloads sit unread.
    const probes = [];
    for (let i = 0; i < 10; i++) probes.push(await healthProbe(port));
    expect(probes.map((p) => p.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(1000);

    // Nobody reads the four: the server cuts them off after the idle timeout and their places are
    // free again (a paused client cannot see the close, so the places are what is checked).
    // Within the idle timeout of the stall, give or take the time the stall took to set in.
    const freedBy = Date.now() + (IDLE_SECONDS + 8) * 1000;
    let again = await fullDownload(port, '198.51.100.1');
    while (again.status !== 200 && Date.now() < freedBy) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      again = await fullDownload(port, '198.51.100.1');
    }
    expect(again).toEqual({ status: 200, lines: CRIMES + 1 }); // the header line and every crime
    expect(await fullDownload(port, '203.0.113.200')).toEqual({ status: 200, lines: CRIMES + 1 });
    for (const d of [...one, ...many]) d.socket.destroy();
  });

  it('answers two map reads at once per address and refuses the rest at once, others unaffected', async () => {
    const MAP_PATH = '/api/crimes/map?searchType=force&forceId=kent&startMonth=2025-01&endMonth=2025-01';
    // Ten at once from one address, and one from another. The server takes a request's place in
    // the shared table before it reads the map; while this test holds the store's write lock, the
    // two admitted wait there with their places held, so every other request of the flood meets
    // them held. (Written in one turn alone, the server's turns interleaved with the map reads:
    // a map answered before the last requests were taken gave its place, rightly, to a third.)
    const lock = new Database(join(dir, 'store.sqlite'));
    lock.exec('BEGIN IMMEDIATE');
    let answers: Promise<{ status: number; code?: string }>[];
    try {
      const sockets = await Promise.all(Array.from({ length: 11 }, () => openConnection(port)));
      let settled = 0;
      answers = sockets.map((socket, i) => {
        const answer = answerTo(socket, MAP_PATH, i < 10 ? '198.51.100.40' : '203.0.113.40');
        void answer.finally(() => settled++);
        return answer;
      });
      const refusalsBy = Date.now() + 10_000;
      while (settled < 8 && Date.now() < refusalsBy) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    const flood = await Promise.all(answers.slice(0, 10));
    const other = await answers[10]!;
    expect(flood.filter((a) => a.status === 200)).toHaveLength(2);
    expect(flood.filter((a) => a.code === 'TOO_MANY_AT_ONCE')).toHaveLength(8);
    expect(other.status).toBe(200);
    const get = async (address: string) => answerTo(await openConnection(port), MAP_PATH, address);
    // Their places are given back as they are answered.
    expect((await get('198.51.100.40')).status).toBe(200);
  });
});
