import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../tests/support/police-archive.ts';
import { buildApp, type App } from '../app.ts';
import { createOutbox } from '../email/outbox.ts';
import type { DerivedTable } from '../police-data/derived-tables.ts';
import { finishRun, recordProgress, startRun } from '../police-data/import/import-runs.ts';
import { importSources } from '../police-data/import/index.ts';
import { forwardedRequestHeaders } from './request-context.ts';

const TOKEN = 'test-metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function sampleValue(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

/** A postcodes.io double that records the headers it was sent; M1 1AE makes it fail. */
async function startPostcodeDouble() {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/postcodes/M11AE')) {
      res.statusCode = 500;
      return res.end('{"status":500}');
    }
    res.end(
      JSON.stringify({ status: 200, result: { postcode: 'SW1A 1AA', latitude: 51.501, longitude: -0.1416 } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDialects)('metrics and request logs on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let postcodes: Awaited<ReturnType<typeof startPostcodeDouble>>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    postcodes = await startPostcodeDouble();
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, POSTCODE_API_URL: postcodes.url, METRICS_TOKEN: TOKEN }),
      sequelize: db.sequelize,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
    // What a route sees of its request's context after Fastify has read a JSON body.
    app.post('/test/context', async () => forwardedRequestHeaders());
  });
  afterAll(async () => {
    await app?.close();
    await postcodes?.close();
    await db?.drop();
  });

  const scrape = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(res.body);
  };

  it('refuses /metrics without the configured bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('labels request durations by route pattern, never by the raw URL', async () => {
    const before = sampleValue(await scrape(), 'http_request_duration_seconds_count', {
      route: '/api/postcodes/:postcode',
      status_code: '200',
    });
    expect(before).toBeUndefined();
    const found = await app.inject({ method: 'GET', url: '/api/postcodes/SW1A%201AA' });
    expect(found.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/api/postcodes/SW1A1AA' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });

    const after = await scrape();
    expect(
      sampleValue(after, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/postcodes/:postcode',
        status_code: '200',
      }),
    ).toBe(2);
    expect(
      sampleValue(after, 'http_request_duration_seconds_bucket', {
        route: '/api/postcodes/:postcode',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(2);
    expect(
      sampleValue(after, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    const routes = new Set(after.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    expect([...routes].filter((r) => r.includes('SW1A') || r.includes('12345'))).toEqual([]);
    // The process's default metrics are there too.
    expect(sampleValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('counts queued outbox messages when scraped', async () => {
    const outbox = createOutbox({ sequelize: db.sequelize });
    const before = await scrape();
    expect(sampleValue(before, 'crime_clock_database_up')).toBe(1);
    const pending = sampleValue(before, 'crime_clock_outbox_messages', { status: 'pending' });
    expect(pending).toBe(0);
    expect(sampleValue(before, 'crime_clock_outbox_oldest_pending_age_seconds')).toBe(0);

    await outbox.enqueue('data-issue', { issue: 'wrong count', page: '/search', timestamp: null }, null);
    const after = await scrape();
    expect(sampleValue(after, 'crime_clock_outbox_messages', { status: 'pending' })).toBe(1);
    expect(sampleValue(after, 'crime_clock_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sampleValue(after, 'crime_clock_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the progress of a running import and the outcome of the last one', async () => {
    expect(sampleValue(await scrape(), 'crime_clock_import_last_files')).toBeUndefined();
    const id = await startRun(db.sequelize, 'data/sample', true);
    await recordProgress(db.sequelize, id, { files: 3, rows: 12_345, skipped: 7 });
    const running = await scrape();
    expect(sampleValue(running, 'crime_clock_imports_running')).toBe(1);
    expect(sampleValue(running, 'crime_clock_import_last_files')).toBe(3);
    expect(sampleValue(running, 'crime_clock_import_last_rows_imported')).toBe(12_345);
    expect(sampleValue(running, 'crime_clock_import_last_rows_skipped')).toBe(7);
    expect(sampleValue(running, 'crime_clock_import_last_status', { status: 'running' })).toBe(1);
    expect(sampleValue(running, 'crime_clock_import_last_status', { status: 'completed' })).toBe(0);
    expect(sampleValue(running, 'crime_clock_import_last_success_timestamp_seconds')).toBeUndefined();
    const startedAt = sampleValue(running, 'crime_clock_import_last_started_timestamp_seconds')!;
    expect(Math.abs(startedAt - Date.now() / 1000)).toBeLessThan(60);

    await finishRun(db.sequelize, id, {
      status: 'completed',
      synthetic: true,
      months: [202601],
      forces: ['metropolitan'],
      files: 4,
      rows: 20_000,
      skipped: 9,
      durationMs: 1500,
    });
    const done = await scrape();
    expect(sampleValue(done, 'crime_clock_imports_running')).toBe(0);
    expect(sampleValue(done, 'crime_clock_import_last_rows_imported')).toBe(20_000);
    expect(sampleValue(done, 'crime_clock_import_last_status', { status: 'completed' })).toBe(1);
    const success = sampleValue(done, 'crime_clock_import_last_success_timestamp_seconds')!;
    expect(Math.abs(success - Date.now() / 1000)).toBeLessThan(60);
  });

  it('follows a real import file by file while it runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-import-progress-'));
    const months = ['2024-01', '2024-02', '2024-03'];
    writeFiles(
      dir,
      Object.fromEntries(
        months.map((month, i) => [
          `${month}/${month}-kent-street.csv`,
          csvText(STREET_HEADER, streetRows(30 + 10 * i, { month, forceName: 'Kent Police', seed: i })),
        ]),
      ),
    );
    // Scraped from inside each street file's transaction: what the metrics say mid-run.
    const seen: (number | undefined)[][] = [];
    const watcher: DerivedTable = {
      name: 'metrics-watcher',
      async refresh() {
        const now = await scrape();
        seen.push(
          [
            'crime_clock_imports_running',
            'crime_clock_import_last_files',
            'crime_clock_import_last_rows_imported',
          ].map((name) => sampleValue(now, name)),
        );
      },
    };
    try {
      const summary = await importSources(db.sequelize, [dir], { derivedTables: [watcher], synthetic: true });
      const rows = summary.sources[0]!.files.map((file) => file.rows);
      expect(rows).toHaveLength(3);
      expect(seen).toEqual([
        [1, 0, 0],
        [1, 1, rows[0]],
        [1, 2, rows[0]! + rows[1]!],
      ]);
      const after = await scrape();
      expect(sampleValue(after, 'crime_clock_imports_running')).toBe(0);
      expect(sampleValue(after, 'crime_clock_import_last_files')).toBe(3);
      expect(sampleValue(after, 'crime_clock_import_last_rows_imported')).toBe(summary.rows);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a sane request id from the proxy, replaces any other, and echoes it', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-7f3a.1:2' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.1:2');
    for (const bad of ['has spaces', 'quote"', 'a'.repeat(129), 'new\\nline', '']) {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one line per completed request, and the services it calls log with its reqId', async () => {
    const ROUTINE = ['/api/health', '/metrics', '/api/clock-data-version'];
    for (const url of ROUTINE)
      expect((await app.inject({ method: 'GET', url })).statusCode).toBeLessThan(500);
    const id = `trace-${dialect}-1`;
    const res = await app.inject({
      method: 'GET',
      url: '/api/postcodes/M1%201AE',
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(404);
    const mine = () => lines.filter((line) => line.reqId === id);
    await vi.waitFor(() => expect(mine().some((line) => line.msg === 'request completed')).toBe(true));
    expect(mine().filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/postcodes/:postcode',
        path: '/api/postcodes/M1%201AE',
        statusCode: 404,
        durationMs: expect.any(Number),
      }),
    ]);
    // The postcode client logged its failure with the request's id, and sent the id on.
    expect(mine()).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'postcode service answered with an error' }),
    );
    expect(postcodes.seen.at(-1)?.['x-request-id']).toBe(id);
    // Health checks, scrapes and the realtime servers' data-version reads (asked first, so their
    // lines would be in by now) stay below info.
    expect(lines.filter((line) => ROUTINE.includes(line.route as string))).toEqual([]);
  });

  it("keeps the request's context when its body arrives after it started", async () => {
    // Over a real socket, the body sent a while after the headers: it is then read in the
    // socket's own callbacks, outside the context entered when the request started.
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: address.hostname,
          port: address.port,
          method: 'POST',
          path: '/test/context',
          headers: {
            'x-request-id': 'body-context-1',
            'content-type': 'application/json',
            origin: address.origin,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => req.end(JSON.stringify({ some: 'body' })), 150);
    });
    expect(JSON.parse(body)).toEqual({ 'x-request-id': 'body-context-1' });
  });
});

describe('metrics and the spelling of their path', () => {
  it('answers no metrics to another spelling of the path without the token', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, METRICS_TOKEN: TOKEN }),
      sequelize: db.sequelize,
    });
    try {
      for (const url of [
        '/%6detrics',
        '/%6D%65trics',
        '//metrics',
        '/metrics/',
        '/metrics?x=1',
        '/METRICS',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body, url).not.toContain('http_request_duration_seconds');
      }
      const encoded = await app.inject({
        method: 'GET',
        url: '/%6detrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(encoded.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('are off, under every spelling of the path', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
    try {
      for (const url of ['/metrics', '/%6detrics', '//metrics', '/metrics/']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('process_cpu');
      }
      expect((await app.inject({ method: 'GET', url: '/metrics' })).json()).toMatchObject({
        error: expect.stringMatching(/METRICS_TOKEN/),
      });
    } finally {
      await app.close();
      await db.drop();
    }
  });
});

describe('metrics when the database is down', () => {
  it('still answers, with the store figures left out and database_up 0', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, METRICS_TOKEN: TOKEN }),
      sequelize: db.sequelize,
    });
    await app.inject({ method: 'GET', url: '/api/health' });
    await db.sequelize.close();
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const all = samples(res.body);
    expect(sampleValue(all, 'crime_clock_database_up')).toBe(0);
    expect(all.some((s) => s.name === 'crime_clock_outbox_messages')).toBe(false);
    expect(sampleValue(all, 'http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
    await app.close();
    await db.drop().catch(() => {});
  });
});
