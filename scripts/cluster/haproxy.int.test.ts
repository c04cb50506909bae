// deploy/haproxy.cfg as `npm run cluster` runs it (rendered for local ports, Debian's haproxy), in
// front of small Node servers that answer with their own name: what goes where, what the nodes
// are told, and what never gets through.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { policeClockDefinition } from '../../common/clock/police-definition.ts';
import { REALTIME_ENGINES, startRealtimeNode } from '../../tests/support/realtime-node.ts';
import {
  haproxyBinary,
  haproxyConfigPath,
  haproxyStatus,
  renderHaproxyConfig,
  type BackendAddress,
} from './haproxy.ts';
import { clockAnswerFor } from '../../tests/support/clock-answer.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const HOST = '127.0.0.1';

interface Node {
  name: string;
  address: BackendAddress;
  seen: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A node that answers every request with its name (health checks too, with `checkStatus`) and
 * echoes on upgrades.
 */
async function node(
  name: string,
  options: { answersChecks?: () => boolean; checkStatus?: number } = {},
): Promise<Node> {
  const seen: Node['seen'] = [];
  const server: Server = createServer((req, res) => {
    const check = req.url === '/api/health' || req.url === '/health';
    if (!check) seen.push({ url: req.url ?? '', headers: req.headers });
    // A starved node: its health checks go unanswered.
    if (check && options.answersChecks?.() === false) return;
    req.resume();
    if (check && options.checkStatus) res.statusCode = options.checkStatus;
    req.on('end', () => res.end(name));
  });
  server.on('upgrade', (req, socket) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    socket.on('error', () => socket.destroy());
    // HAProxy checks the accept key of a websocket handshake (RFC 6455 §4.2.2).
    const accept = createHash('sha1')
      .update(`${String(req.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.write(`${name}:`);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as { port: number };
  return {
    name,
    address: { host: HOST, port },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createTcpServer();
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Proxy {
  url: string;
  port: number;
  statsUrl: string;
  nodes: { api: BackendAddress[]; realtime: BackendAddress[] };
  output(): string;
}

/** Sends raw bytes (a request line fetch would not send as is) and resolves with the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, HOST);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;

/** A websocket handshake through the proxy: the node's name once upgraded, after echoing a frame. */
async function upgrade(port: number, path: string): Promise<{ status: string; node: string }> {
  const socket: Socket = connect(port, HOST);
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString()));
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  try {
    await expect.poll(() => text, { timeout: 5000 }).toMatch(/rt-\d:$/);
    socket.write('ping');
    await expect.poll(() => text, { timeout: 5000 }).toMatch(/rt-\d:ping$/);
    return { status: text.split('\r\n')[0]!, node: /(rt-\d):ping$/.exec(text)![1]! };
  } finally {
    socket.destroy();
  }
}

describe('HAProxy with deploy/haproxy.cfg', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function nodes(...names: string[]): Promise<Node[]> {
    const list = await Promise.all(names.map((n) => node(n)));
    for (const n of list) cleanups.push(n.close);
    return list;
  }

  async function start(
    api: Pick<Node, 'address'>[],
    realtime: Pick<Node, 'address'>[],
    env: Record<string, string> = {},
  ): Promise<Proxy> {
    const dir = mkdtempSync(join(tmpdir(), 'haproxy-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const addresses = { api: api.map((n) => n.address), realtime: realtime.map((n) => n.address) };
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, renderHaproxyConfig(addresses, readFileSync(haproxyConfigPath(repoRoot), 'utf8')));
    const [port, statsPort] = [await freePort(), await freePort()];
    const child: ChildProcess = spawn(haproxyBinary(), ['-db', '-f', config], {
      env: {
        ...process.env,
        PROXY_HOST: HOST,
        PROXY_PORT: String(port),
        PROXY_STATS_HOST: HOST,
        PROXY_STATS_PORT: String(statsPort),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    const proxy = {
      url: `http://${HOST}:${port}`,
      port,
      statsUrl: `http://${HOST}:${statsPort}`,
      nodes: addresses,
    };
    // Started once every node is seen up.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const status = await haproxyStatus(proxy.statsUrl, addresses).catch(() => []);
      if (status.length === api.length + realtime.length && status.every((s) => s.alive)) break;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`haproxy did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { ...proxy, output: () => output };
  }

  it('sends /socket.io to the realtime nodes and everything else round-robin to the API nodes', async () => {
    const [a1, a2, r1] = await nodes('api-1', 'api-2', 'rt-1');
    const proxy = await start([a1!, a2!], [r1!]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await (await fetch(`${proxy.url}/api/forces`)).text());
    expect(answers.sort()).toEqual(['api-1', 'api-1', 'api-2', 'api-2']);
    expect(await (await fetch(`${proxy.url}/socket.io/?EIO=4&transport=polling`)).text()).toBe('rt-1');
    expect(await (await fetch(`${proxy.url}/search?q=1`)).text()).toMatch(/^api-/);
    // Not a prefix match on the word: /socket.iox is the API's (a 404 there).
    expect(await (await fetch(`${proxy.url}/socket.iox`)).text()).toMatch(/^api-/);
  });

  it('upgrades websockets to a realtime node and carries frames both ways', async () => {
    const [a1, r1, r2] = await nodes('api-1', 'rt-1', 'rt-2');
    const proxy = await start([a1!], [r1!, r2!]);
    const landed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { status, node } = await upgrade(proxy.port, '/socket.io/?EIO=4&transport=websocket');
      expect(status).toBe('HTTP/1.1 101 Switching Protocols');
      landed.push(node);
    }
    // Plain websockets need no stickiness: spread over both nodes.
    expect(new Set(landed)).toEqual(new Set(['rt-1', 'rt-2']));
  });

  it('keeps long-polling (requests with a sid) and its upgrade on one realtime node', async () => {
    const [a1, r1, r2, r3] = await nodes('api-1', 'rt-1', 'rt-2', 'rt-3');
    const proxy = await start([a1!], [r1!, r2!, r3!]);
    const answers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const path =
        i % 3 === 0 ? '/socket.io/?EIO=4&transport=polling' : `/socket.io/?EIO=4&transport=polling&sid=s${i}`;
      answers.add(await (await fetch(`${proxy.url}${path}`)).text());
    }
    expect(answers.size).toBe(1);
    // The session's upgrade to a websocket lands on the same node.
    for (let i = 0; i < 3; i++) {
      const upgraded = await upgrade(proxy.port, `/socket.io/?EIO=4&transport=websocket&sid=s${i}`);
      expect(upgraded.node).toBe([...answers][0]);
    }
  });

  it('takes a dead node out within 2 s, and no request fails meanwhile', async () => {
    const [a1, a2, r1] = await nodes('api-1', 'api-2', 'rt-1');
    const proxy = await start([a1!, a2!], [r1!]);
    const failures: string[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const res = await fetch(`${proxy.url}/api/forces`).catch((e: Error) => e);
        if (res instanceof Error || res.status !== 200)
          failures.push(res instanceof Error ? res.message : String(res.status));
        else await res.text();
        // One visitor's pace under the proxy's per-address request rate (100/s): on a quiet
        // machine a loop without a pause outran it and was answered 429, which is not a failover.
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const killedAt = Date.now();
    await a2!.close();
    await expect
      .poll(
        async () =>
          (await haproxyStatus(proxy.statsUrl, proxy.nodes)).find((s) =>
            s.url.endsWith(`:${a2!.address.port}`),
          )?.alive,
        {
          timeout: 5000,
          interval: 50,
        },
      )
      .toBe(false);
    const outAfter = Date.now() - killedAt;
    running = false;
    await load;
    expect(outAfter, `out after ${outAfter} ms`).toBeLessThan(2000);
    // Refused connections were sent on to the node that lives.
    expect(failures).toEqual([]);
    expect(proxy.output()).toMatch(/api\/api-2 is DOWN/);
  });

  it('still tries the nodes when every one fails its checks at once (starved checks, not dead nodes)', async () => {
    let answering = true;
    const [a1, a2] = await Promise.all(
      ['api-1', 'api-2'].map((n) => node(n, { answersChecks: () => answering })),
    );
    cleanups.push(a1!.close, a2!.close);
    const [r1] = await nodes('rt-1');
    const proxy = await start([a1!, a2!], [r1!]);
    answering = false;
    await expect
      .poll(
        async () =>
          (await haproxyStatus(proxy.statsUrl, proxy.nodes)).filter((s) => s.role === 'api' && !s.alive)
            .length,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(2);
    const res = await fetch(`${proxy.url}/api/forces`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^api-\d$/);
  });

  it('sets X-Forwarded-For to the visitor address, never a made-up one, and passes a request id', async () => {
    const [a1, r1] = await nodes('api-1', 'rt-1');
    const proxy = await start([a1!], [r1!]);
    const own = await fetch(`${proxy.url}/x`, {
      headers: { 'x-request-id': 'abc-123', 'x-forwarded-for': '203.0.113.9, 198.51.100.1' },
    });
    expect(own.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await fetch(`${proxy.url}/y`, { headers: { 'x-request-id': 'not sane"' } });
    const freshId = fresh.headers.get('x-request-id');
    expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
    const [x, y] = a1!.seen.slice(-2);
    expect(x!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(x!.headers['x-request-id']).toBe('abc-123');
    expect(x!.headers['x-forwarded-proto']).toBe('http');
    expect(y!.headers['x-request-id']).toBe(freshId);
  });

  it('never routes /metrics, however it is spelt', async () => {
    const [a1, r1] = await nodes('api-1', 'rt-1');
    const proxy = await start([a1!], [r1!]);
    const spellings = [
      '/metrics',
      '/metrics/',
      '/metrics?x=1',
      '/metrics;x',
      '/%6detrics',
      '/%6D%65%74%72%69%63%73',
      '//metrics',
      '///metrics',
      '/./metrics',
      '/%2e/metrics',
      '/api/../metrics',
      '/api/%2e%2e/metrics',
      '/%2Fmetrics',
      '/%2fmetrics',
      '/METRICS',
      '/socket.io/../metrics',
    ];
    for (const path of spellings) {
      const answer = await raw(proxy.port, get(path));
      expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
      expect(answer, path).toContain('"code":"NOT_FOUND"');
    }
    expect(a1!.seen.filter((s) => /metrics/i.test(s.url))).toEqual([]);
    expect(r1!.seen).toEqual([]);
    // Paths that only contain the word still go through.
    expect((await raw(proxy.port, get('/api/metrics-help'))).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });

  it('limits connections and requests per address at the edge, under parallel load', async () => {
    const [a1, r1] = await nodes('api-1', 'rt-1');
    const proxy = await start([a1!], [r1!], {
      PROXY_MAX_CONNECTIONS_PER_ADDRESS: '5',
      PROXY_MAX_REQUESTS_PER_ADDRESS: '30',
    });
    // 12 connections held open at once: 5 are served, the others are closed unanswered.
    const held = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const socket = connect(proxy.port, HOST);
        let text = '';
        let closed = false;
        socket.on('data', (c: Buffer) => (text += c.toString()));
        socket.on('error', () => {});
        socket.on('close', () => (closed = true));
        // A connection refused at once may close before Node reports it connected.
        await new Promise((r) => {
          socket.once('connect', r);
          socket.once('close', r);
        });
        return { socket, text: () => text, closed: () => closed };
      }),
    );
    // HAProxy refuses over-limit connections as they are accepted.
    await new Promise((r) => setTimeout(r, 500));
    const open = held.filter((h) => !h.closed());
    expect(open.length).toBe(5);
    for (const h of open) h.socket.write(get('/api/held'));
    await expect
      .poll(() => open.every((h) => h.text().startsWith('HTTP/1.1 200')), { timeout: 5000 })
      .toBe(true);
    for (const h of held) h.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));

    // 60 more requests, 4 at a time on their own connections (under the connection limit): the
    // window allows 30 in all, the held connections' 5 included.
    const before = a1!.seen.length;
    const statuses: string[] = [];
    for (let wave = 0; wave < 15; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => raw(proxy.port, get('/api/burst')).catch(() => 'refused')),
      );
      statuses.push(...answers.map((a) => a.split(' ')[1] ?? a));
    }
    const reached = a1!.seen.length - before;
    expect(reached).toBeLessThanOrEqual(30 - 5);
    expect(reached).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === '429').length).toBe(60 - reached);
    expect(statuses.filter((s) => s !== '429' && s !== '200')).toEqual([]);
  });
  /** The API's police clock, for real realtime nodes to load (they answer 503 without it). */
  async function clockApi(): Promise<string> {
    const definition = policeClockDefinition({
      categoryCounts: [{ slug: 'shoplifting', count: 200_000 }],
      months: 6,
      latestDataMonth: '2026-09',
      excludedForces: [],
      lastUpdated: '2026-11-01T00:00:00Z',
    });
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/api/police-clock') res.statusCode = 404;
      res.end(
        JSON.stringify(req.url === '/api/police-clock' ? clockAnswerFor(definition) : { code: 'NOT_FOUND' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://${HOST}:${(server.address() as { port: number }).port}`;
  }

  it.each(REALTIME_ENGINES)(
    'takes out a realtime node whose /health answers 503 (REALTIME_ENGINE=%s), keeps an API node whose /api/health does',
    async (engine) => {
      const apiUrl = await clockApi();
      const realtime = await Promise.all(
        // realtime-1 holds one connection at most, realtime-2 a hundred.
        ['1', '100'].map(async (cap) => {
          const started = await startRealtimeNode({
            API_INTERNAL_URL: apiUrl,
            REALTIME_ENGINE: engine,
            REALTIME_MAX_CONNECTIONS: cap,
            LOG_LEVEL: 'warn',
          });
          cleanups.push(async () => void (await started.stop('SIGKILL')));
          await expect.poll(async () => (await fetch(`${started.url}/health`)).status).toBe(200);
          return { ...started, address: { host: HOST, port: started.port } };
        }),
      );
      const [a1] = await nodes('api-1');
      // An API node whose database is down answers its health 503 and is still sent requests.
      const a2 = await node('api-2', { checkStatus: 503 });
      cleanups.push(a2.close);
      // Started means every node is up: the realtime nodes answered a check in HTTP/1.1 with 200
      // (uWebSockets.js answers HTTP/1.0 with 505), and api-2 is in despite its 503.
      const proxy = await start([a1!, a2], realtime);
      const answers = new Set<string>();
      for (let i = 0; i < 4; i++) answers.add(await (await fetch(`${proxy.url}/api/forces`)).text());
      expect(answers).toEqual(new Set(['api-1', 'api-2']));

      // One visitor straight on realtime-1 puts it at its cap (REALTIME_MAX_CONNECTIONS 1).
      const [first, second] = realtime as [(typeof realtime)[0], (typeof realtime)[0]];
      const visitor = connectSocket(first.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      cleanups.push(() => void visitor.close());
      await new Promise<void>((resolve) => visitor.on('connect', () => resolve()));
      const full = await fetch(`${first.url}/health`);
      expect(full.status).toBe(503);
      expect(((await full.json()) as { problems: string[] }).problems).toEqual([
        'at its connection cap (REALTIME_MAX_CONNECTIONS 1): new visitors are refused',
      ]);
      const statusOf = async (port: number) =>
        (await haproxyStatus(proxy.statsUrl, proxy.nodes)).find(
          (s) => s.role === 'realtime' && s.url.endsWith(`:${port}`),
        );
      await expect.poll(async () => (await statusOf(first.port))?.alive, { timeout: 5000 }).toBe(false);
      expect((await statusOf(first.port))?.problem).toMatch(/L7STS Service Unavailable/);
      expect((await statusOf(second.port))?.alive).toBe(true);

      // Meanwhile new visitors through the proxy all land on the node that can take them.
      const through = Array.from({ length: 3 }, () =>
        connectSocket(proxy.url, { transports: ['websocket'], forceNew: true, reconnection: false }),
      );
      for (const socket of through) cleanups.push(() => void socket.close());
      await Promise.all(
        through.map(
          (s) =>
            new Promise<void>((resolve, reject) => {
              s.on('connect', () => resolve());
              s.on('connect_error', reject);
            }),
        ),
      );
      const clients = async (url: string) =>
        ((await (await fetch(`${url}/health`)).json()) as { clients: number }).clients;
      expect(await clients(first.url)).toBe(1);
      expect(await clients(second.url)).toBe(3);

      // The visitor leaves: realtime-1 can serve again, and is back in.
      visitor.close();
      await expect.poll(async () => (await statusOf(first.port))?.alive, { timeout: 5000 }).toBe(true);
      expect((await statusOf(first.port))?.problem).toBeNull();
    },
  );

  /**
   * An API node whose answers carry what the API's data-only answers carry (a strong ETag and a
   * public max-age), on every path: which of them the proxy keeps is its own choice.
   */
  async function taggingNode(): Promise<Node & { hits: (path: string) => number }> {
    const seen: Node['seen'] = [];
    const server: Server = createServer((req, res) => {
      if (req.url !== '/api/health') seen.push({ url: req.url ?? '', headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.setHeader('etag', '"v1"');
      res.setHeader('cache-control', 'public, max-age=60');
      res.end(JSON.stringify({ url: req.url, n: seen.length }));
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    const { port } = server.address() as { port: number };
    const closed = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    cleanups.push(closed);
    return {
      name: 'api-1',
      address: { host: HOST, port },
      seen,
      close: closed,
      hits: (path) => seen.filter((s) => s.url === path).length,
    };
  }

  it('serves the data-only answers from its cache the second time', async () => {
    const api = await taggingNode();
    const [r1] = await nodes('rt-1');
    const proxy = await start([api], [r1!]);
    for (const path of [
      '/api/forces',
      '/api/data-status',
      '/api/oembed?url=x',
      '/api/areas/force:kent/feed.atom',
    ]) {
      const first = await fetch(`${proxy.url}${path}`);
      const body = await first.text();
      const second = await fetch(`${proxy.url}${path}`);
      expect(await second.text(), path).toBe(body);
      expect(api.hits(path), path).toBe(1);
      // The proxy's copy says how old it is.
      expect(Number(second.headers.get('age')), path).toBeGreaterThanOrEqual(0);
      expect(second.headers.get('etag')).toBe('"v1"');
      // HAProxy 2.6 passes a conditional request on: the API answers it 304 from the data version.
      await (await fetch(`${proxy.url}${path}`, { headers: { 'if-none-match': '"v1"' } })).text();
      expect(api.hits(path), path).toBe(2);
    }
    // Another query is another answer.
    await (await fetch(`${proxy.url}/api/oembed?url=y`)).text();
    expect(api.hits('/api/oembed?url=y')).toBe(1);
    // Answers that carry the server's time (the clocks), or a visitor's own, always reach a node.
    for (const path of ['/api/police-clock', '/api/crimes/search', '/']) {
      await (await fetch(`${proxy.url}${path}`)).text();
      await (await fetch(`${proxy.url}${path}`)).text();
      expect(api.hits(path), path).toBe(2);
    }
  });

  it('refuses an address over the request rate on partner routes as problem details, with Retry-After', async () => {
    const [a1, r1] = await nodes('api-1', 'rt-1');
    const proxy = await start([a1!], [r1!], { PROXY_MAX_REQUESTS_PER_ADDRESS: '3' });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await fetch(`${proxy.url}/api/external/crime-search`, {
          method: 'POST',
          headers: { origin: 'https://partner.example', 'content-type': 'application/json' },
          body: '{}',
        }),
      );
    }
    const refused = answers.find((a) => a.status === 429);
    expect(refused).toBeDefined();
    expect(refused!.headers.get('content-type')).toBe('application/problem+json');
    expect(refused!.headers.get('retry-after')).toBe('10');
    expect(refused!.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(refused!.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(await refused!.json()).toMatchObject({
      type: '/api/docs#errors-RATE_LIMITED',
      title: 'Too Many Requests',
      status: 429,
      code: 'RATE_LIMITED',
    });
    // Elsewhere the refusal keeps the site's own error shape.
    const site = await fetch(`${proxy.url}/api/forces`);
    expect(site.status).toBe(429);
    expect(site.headers.get('content-type')).toBe('application/json');
    expect(await site.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
