import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROXY_STATUS_PATH, startProxy, type RunningProxy } from './proxy.ts';

interface Backend {
  url: string;
  name: string;
  seen: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A backend that answers every request with its name, and echoes on upgraded sockets. */
async function backend(name: string): Promise<Backend> {
  const seen: Backend['seen'] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => res.end(name));
  });
  server.on('upgrade', (req, socket) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    socket.write(`${name}:`);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    name,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function deadUrl(): Promise<string> {
  const b = await backend('gone');
  await b.close();
  return b.url;
}

describe('the cluster proxy', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (api: string[], realtime: string[]): Promise<RunningProxy> => {
    const proxy = await startProxy({ api, realtime, healthIntervalMs: 100, graceMs: 2000 });
    cleanups.push(proxy.close);
    return proxy;
  };
  const backends = async (...names: string[]) => {
    const list = await Promise.all(names.map(backend));
    for (const b of list) cleanups.push(b.close);
    return list;
  };

  it('sends /socket.io to the realtime nodes and the rest round-robin to the API nodes', async () => {
    const [a1, a2, r1] = await backends('api-1', 'api-2', 'rt-1');
    const proxy = await start([a1!.url, a2!.url], [r1!.url]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await (await fetch(`${proxy.url}/api/health`)).text());
    expect(answers.sort()).toEqual(['api-1', 'api-1', 'api-2', 'api-2']);
    expect(await (await fetch(`${proxy.url}/socket.io/?EIO=4&transport=polling`)).text()).toBe('rt-1');
    expect(await (await fetch(`${proxy.url}/search?q=1`)).text()).toMatch(/^api-/);
  });

  it('passes the visitor address (never a made-up one) and a request id on, and returns the id', async () => {
    const [a1, r1] = await backends('api-1', 'rt-1');
    const proxy = await start([a1!.url], [r1!.url]);
    const own = await fetch(`${proxy.url}/x`, { headers: { 'x-request-id': 'abc-123' } });
    expect(own.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await fetch(`${proxy.url}/x`, {
      headers: { 'x-request-id': 'not sane"', 'x-forwarded-for': '203.0.113.9' },
    });
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [first, second] = a1!.seen.filter((s) => s.url === '/x');
    expect(first!.headers['x-request-id']).toBe('abc-123');
    expect(first!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(second!.headers['x-request-id']).toBe(id);
    expect(second!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(second!.headers['x-forwarded-host']).toBe(new URL(proxy.url).host);
  });

  it("never serves the nodes' /metrics to the outside", async () => {
    const [a1, r1] = await backends('api-1', 'rt-1');
    const proxy = await start([a1!.url], [r1!.url]);
    for (const path of ['/metrics', '/metrics?x=1']) {
      const res = await fetch(`${proxy.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(a1!.seen.filter((s) => s.url.startsWith('/metrics'))).toEqual([]);
  });

  it('skips a dead node, says so on its status page, and answers 503 when none is left', async () => {
    const [a1, r1] = await backends('api-1', 'rt-1');
    const dead = await deadUrl();
    const proxy = await start([dead, a1!.url], [r1!.url]);
    for (let i = 0; i < 4; i++) expect(await (await fetch(`${proxy.url}/a`)).text()).toBe('api-1');
    const status = (await (await fetch(`${proxy.url}${PROXY_STATUS_PATH}`)).json()) as {
      backends: { url: string; alive: boolean }[];
    };
    expect(status.backends.find((b) => b.url === dead)?.alive).toBe(false);
    expect(status.backends.find((b) => b.url === a1!.url)?.alive).toBe(true);

    await a1!.close();
    await new Promise((r) => setTimeout(r, 300));
    const res = await fetch(`${proxy.url}/a`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: 'NO_BACKEND' });
  });

  it('still tries the nodes when every one looks down because its health checks went unanswered', async () => {
    // A stalled machine: the node answers requests, late, but its health checks time out.
    const stalled = createServer((req, res) => {
      if (req.url !== '/api/health') res.end('stalled-api');
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          stalled.closeAllConnections();
          stalled.close(() => resolve());
        }),
    );
    const [r1] = await backends('rt-1');
    const apiUrl = `http://127.0.0.1:${(stalled.address() as { port: number }).port}`;
    const proxy = await startProxy({
      api: [apiUrl],
      realtime: [r1!.url],
      healthIntervalMs: 50,
      healthTimeoutMs: 50,
    });
    cleanups.push(proxy.close);
    await new Promise((r) => setTimeout(r, 600));
    expect(proxy.status().find((b) => b.url === apiUrl)?.alive).toBe(false);
    const res = await fetch(`${proxy.url}/a`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('stalled-api');
  });

  it('tunnels a websocket upgrade to a live realtime node, with the forwarding headers', async () => {
    const [a1, r1] = await backends('api-1', 'rt-1');
    const proxy = await start([a1!.url], [await deadUrl(), r1!.url]);
    const { port } = new URL(proxy.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write(
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n',
    );
    await new Promise((r) => setTimeout(r, 200));
    socket.write('hello');
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toMatch(/^HTTP\/1.1 101 /);
    expect(received.endsWith('rt-1:hello')).toBe(true);
    const upgrade = r1!.seen.find((s) => s.url.startsWith('/socket.io/'));
    expect(upgrade?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(upgrade?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    socket.destroy();
  });

  it('on close, lets an in-flight request finish, refuses new ones, and resolves', async () => {
    const [r1] = await backends('rt-1');
    let release = () => {};
    const slow = createServer((req, res) => {
      if (req.url === '/slow') release = () => res.end('late answer');
      else res.end('ok');
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => slow.close(() => resolve())));
    const proxy = await startProxy({
      api: [`http://127.0.0.1:${(slow.address() as { port: number }).port}`],
      realtime: [r1!.url],
      graceMs: 5000,
    });
    const pending = fetch(`${proxy.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 200));
    const closed = proxy.close();
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${proxy.url}/other`)).rejects.toThrow();
    release();
    expect(await pending).toBe('late answer');
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
