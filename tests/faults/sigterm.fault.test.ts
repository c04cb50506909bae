// SIGTERM to every process of the cluster at once (proxy, API nodes, realtime nodes), as an
// orchestrator stopping a deployment does: requests already under way finish with their full
// answer, clock viewers are told (their websocket is closed with a close frame, not cut), nothing
// new is accepted, and every process exits with code 0.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeViewers, waitUntil } from '../support/clock-viewers.ts';
import { troubleIn, useFaultCluster } from '../support/fault-cluster.ts';

/** Close code of a websocket cut without a close frame (a crash, a killed proxy). */
const ABNORMAL_CLOSURE = 1006;

/**
 * A search whose client sends its body slowly: the request line and headers and half the body now,
 * the rest on `finish()`, so the request is in flight for as long as the test wants. The client
 * keeps its connection open (keep-alive, as a proxy's pool does): `finish()` resolves with all it
 * received once the server has closed it.
 */
function slowSearch(baseUrl: string, requestId: string) {
  const { hostname, port, host, origin } = new URL(baseUrl);
  const body = JSON.stringify({ searchType: 'force', forceId: 'metropolitan', pageSize: 20 });
  const half = Math.floor(body.length / 2);
  const socket: Socket = connect(Number(port), hostname);
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
  });
  socket.write(
    [
      'POST /api/crimes/search HTTP/1.1',
      `Host: ${host}`,
      `Origin: ${origin}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      '',
      body.slice(0, half),
    ].join('\r\n'),
  );
  return {
    requestId,
    finish() {
      socket.write(body.slice(half));
      return ended;
    },
  };
}

/** 'connected' when a new TCP connection to `baseUrl` is accepted, else the error code. */
function connectionOutcome(baseUrl: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('SIGTERM to every process', () => {
  // Six slow searches from this one address are in flight at the signal: more than the default
  // SEARCHES_PER_ADDRESS (4), which an operator raises so for a trusted address.
  const env = useFaultCluster({ env: { SEARCHES_PER_ADDRESS: '8' } });

  it('finishes in-flight requests, tells the socket clients, and every process exits 0', async () => {
    const { cluster } = env;
    const viewers = await env.openViewers(cluster.url, 40, { reconnectionDelay: 200 });
    await waitUntil(
      () => viewers.every((v) => v.tickTimes.length >= 2),
      15_000,
      () => describeViewers(viewers),
    );

    // Slow searches under way through the proxy (round-robin over the API nodes), and one straight
    // to each API node on a connection its client keeps open, as a proxy's connection pool does.
    const proxied = [];
    for (let i = 0; i < 4; i++) {
      proxied.push(slowSearch(cluster.url, `sigterm-search-${i}-${Date.now()}`));
      await new Promise((r) => setTimeout(r, 100));
    }
    const direct = cluster.api.map((node) =>
      slowSearch(node.url, `sigterm-direct-${node.name}-${Date.now()}`),
    );
    const searches = [...proxied, ...direct];
    await new Promise((r) => setTimeout(r, 700));

    const signalledAt = Date.now();
    const exits = cluster.processes.map(async (p) => ({ name: p.name, ...(await p.kill('SIGTERM')) }));

    // Viewers are told promptly: their websocket closes with a close frame from the node.
    await waitUntil(
      () => viewers.every((v) => v.disconnects.length > 0),
      5000,
      () => describeViewers(viewers),
    );
    for (const viewer of viewers) {
      const [first] = viewer.disconnects;
      expect(['transport close', 'io server disconnect']).toContain(first!.reason);
      // 1005 (a close frame without a status) from uWebSockets.js; 1006 would mean no frame at all.
      expect(first!.closeCode, 'websocket close code').toBeTypeOf('number');
      expect(first!.closeCode, 'websocket close code').not.toBe(ABNORMAL_CLOSURE);
      expect(first!.at - signalledAt).toBeLessThan(3000);
    }

    // Nothing new is accepted once the processes are stopping: a new connection is refused. (fetch
    // would reuse a keep-alive connection from its pool, which a stopping proxy still serves.)
    await new Promise((r) => setTimeout(r, 500));
    for (const url of [
      cluster.url,
      ...cluster.api.map((n) => n.url),
      ...cluster.realtime.map((n) => n.url),
    ]) {
      expect(await connectionOutcome(url), url).toBe('ECONNREFUSED');
    }
    // The proxy and API nodes wait for the requests they hold.
    expect([cluster.proxy, ...cluster.api].every((p) => p.running())).toBe(true);

    // The slow searches get their whole answer, through the stopping proxy and API nodes.
    const responses = await Promise.all(searches.map((s) => s.finish()));
    for (const [i, response] of responses.entries()) {
      expect(response.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      // The request id went through the proxy to the API node and came back.
      expect(response.toLowerCase()).toContain(`x-request-id: ${searches[i]!.requestId}`);
      expect(response).toContain('"success":true');
      expect(response).toContain('"pagination"');
    }

    const answeredAt = Date.now();
    const results = await Promise.all(exits);
    // Promptly: nothing waits for a grace period or a forced exit once the answers are out.
    expect(Date.now() - answeredAt, 'time from the last answer to the last exit').toBeLessThan(5000);
    for (const [i, p] of cluster.processes.entries()) {
      expect(results[i], `${p.name} exit; its output ends:\n${p.output().slice(-3000)}`).toEqual({
        name: p.name,
        code: 0,
        signal: null,
      });
    }
    // No viewer got back in: there is nothing left to connect to.
    expect(viewers.every((v) => !v.socket.connected)).toBe(true);
    for (const p of cluster.processes) expect(troubleIn(p.output()), `${p.name} output`).toEqual([]);
  });
});
