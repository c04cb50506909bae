/**
 * The cluster's reverse proxy: one public port in front of several API and realtime nodes, as a
 * load balancer does in production.
 *
 *  - `/socket.io` (HTTP and websocket upgrades) goes to the realtime nodes, everything else (the
 *    API and the UI it serves) to the API nodes, round-robin over the nodes that are alive.
 *  - Socket.IO keeps a session on one node. A websocket-only client (the UI, see
 *    ui/src/features/clocks/clockFeed.ts) needs no stickiness, so fresh websockets are spread
 *    round-robin; the long-polling transport and its upgrade (requests that carry a `sid`) stay
 *    on the node chosen by the client's address, so they work too as long as that node lives.
 *  - Every node is health-checked every second; a node that refuses a connection, or fails two
 *    checks in a row by not answering within 3 s, is skipped until it answers again. Any HTTP answer counts as alive: an API node whose database
 *    is down says so itself (503 from /api/health) and must keep getting traffic to say it.
 *  - Requests carry `x-forwarded-for` (the visitor's address, replacing any sent), `x-forwarded-host`,
 *    `x-forwarded-proto` and an `x-request-id` (the client's when sane, else a new UUID), which is
 *    also returned to the client.
 *  - `close()` stops accepting, lets in-flight requests and open websockets end (their nodes
 *    close them), and cuts what is left after a grace period.
 */
import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import { saneRequestId } from '../../common/observability/request-id.ts';
import type { Duplex } from 'node:stream';

export type BackendRole = 'api' | 'realtime';

export interface BackendStatus {
  role: BackendRole;
  url: string;
  alive: boolean;
  /** Why it was last marked down, if it is down. */
  problem: string | null;
}

export interface ProxyOptions {
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /** Base URLs of the API nodes, e.g. http://127.0.0.1:3100. */
  api: string[];
  /** Base URLs of the realtime nodes. */
  realtime: string[];
  healthIntervalMs?: number;
  healthTimeoutMs?: number;
  /** How long `close()` waits for in-flight requests and open websockets before cutting them. */
  graceMs?: number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export interface RunningProxy {
  url: string;
  port: number;
  status(): BackendStatus[];
  /** Resolves once every connection has ended (or was cut after the grace period). */
  close(): Promise<void>;
}

/** Path of the proxy's own status page (JSON list of backends); it is never forwarded. */
export const PROXY_STATUS_PATH = '/__proxy/status';

const REALTIME_PREFIX = '/socket.io';
// Headers that describe one hop and must not be passed on (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-request-id']);

interface Backend extends BackendStatus {
  /** Health checks in a row that timed out. */
  slowChecks: number;
  host: string;
  port: number;
  healthPath: string;
}

interface Pool {
  backends: Backend[];
  /** The next live backend round-robin, or the one for `key` (stable while it lives); skips `tried`. */
  pick(tried: ReadonlySet<Backend>, key?: string): Backend | undefined;
}

function createPool(role: BackendRole, urls: string[], healthPath: string): Pool {
  const backends: Backend[] = urls.map((url) => {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:') throw new Error(`proxy backends must be http:// URLs (got ${url})`);
    return {
      role,
      url: parsed.origin,
      host: parsed.hostname,
      port: Number(parsed.port || 80),
      healthPath,
      // Optimistic until the first check: a request before it is tried, not refused.
      alive: true,
      problem: null,
      slowChecks: 0,
    };
  });
  let next = 0;
  return {
    backends,
    pick(tried, key) {
      let candidates = backends.filter((b) => b.alive && !tried.has(b));
      // Every node looking down at once usually means the health checks themselves were starved
      // (a stalled machine), not that every node died: trying one beats refusing everyone.
      if (candidates.length === 0 && backends.every((b) => !b.alive)) {
        candidates = backends.filter((b) => !tried.has(b));
      }
      if (candidates.length === 0) return undefined;
      if (key !== undefined) {
        // Hash over all backends, not only live ones, so a key keeps its node while that node lives.
        const home = backends[hashOf(key) % backends.length]!;
        if (candidates.includes(home)) return home;
        return candidates[hashOf(key) % candidates.length];
      }
      next = (next + 1) % 1_000_000;
      return candidates[next % candidates.length];
    },
  };
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const log = options.log ?? (() => {});
  const healthIntervalMs = options.healthIntervalMs ?? 1000;
  const healthTimeoutMs = options.healthTimeoutMs ?? 3000;
  const graceMs = options.graceMs ?? 10_000;
  const pools: Record<BackendRole, Pool> = {
    api: createPool('api', options.api, '/api/health'),
    realtime: createPool('realtime', options.realtime, '/health'),
  };
  const allBackends = [...pools.api.backends, ...pools.realtime.backends];
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const tunnels = new Set<Duplex>();
  let closing = false;

  const markDown = (backend: Backend, problem: string) => {
    if (backend.alive) log('warn', 'backend down; skipping it', { backend: backend.url, problem });
    backend.alive = false;
    backend.problem = problem;
  };
  const markUp = (backend: Backend) => {
    if (!backend.alive) log('info', 'backend back', { backend: backend.url });
    backend.alive = true;
    backend.problem = null;
  };

  const check = (backend: Backend) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(
        { host: backend.host, port: backend.port, path: backend.healthPath, agent: false },
        (res) => {
          res.resume();
          backend.slowChecks = 0;
          markUp(backend);
          resolve();
        },
      );
      let slow = false;
      req.setTimeout(healthTimeoutMs, () => {
        slow = true;
        req.destroy(new Error(`no answer within ${healthTimeoutMs} ms`));
      });
      req.on('error', (error) => {
        // A refused connection means a dead node; one slow answer may be a busy one: skipped only
        // when the next check is slow too.
        backend.slowChecks = slow ? backend.slowChecks + 1 : 0;
        if (!slow || backend.slowChecks >= 2) markDown(backend, error.message);
        resolve();
      });
      req.end();
    });
  let checking = false;
  const checkAll = async () => {
    if (checking) return;
    checking = true;
    await Promise.all(allBackends.map(check));
    checking = false;
  };
  const healthTimer = setInterval(() => void checkAll(), healthIntervalMs);

  function routeOf(req: IncomingMessage): { pool: Pool; key: string | undefined } {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const realtime = url.pathname === REALTIME_PREFIX || url.pathname.startsWith(`${REALTIME_PREFIX}/`);
    if (!realtime) return { pool: pools.api, key: undefined };
    // A websocket opened directly carries no sid; polling (and its upgrade) must stay on one node.
    const sticky = url.searchParams.get('transport') === 'polling' || url.searchParams.has('sid');
    return { pool: pools.realtime, key: sticky ? (req.socket.remoteAddress ?? '') : undefined };
  }

  function forwardingHeaders(req: IncomingMessage): { requestId: string; headers: Record<string, string> } {
    const requestId = saneRequestId(req.headers['x-request-id']) ?? randomUUID();
    // This proxy is the edge: a visitor's own X-Forwarded-For is dropped, not extended, since the
    // API (TRUST_PROXY) takes the left-most address as the visitor's, and its login and message
    // throttles must not be dodged by sending a made-up one.
    const visitor = req.socket.remoteAddress ?? 'unknown';
    return {
      requestId,
      headers: {
        'x-forwarded-for': visitor,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
        'x-request-id': requestId,
      },
    };
  }

  function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
    const connectionTokens = String(headers.connection ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase());
    const out: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || connectionTokens.includes(name)) continue;
      out[name] = value;
    }
    return out;
  }

  function sendError(res: ServerResponse, status: number, error: string, code: string, requestId: string) {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({ success: false, error, code });
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
      ...(closing ? { connection: 'close' } : {}),
    });
    res.end(body);
  }

  function handleRequest(req: IncomingMessage, res: ServerResponse) {
    if (req.url === PROXY_STATUS_PATH) {
      const body = JSON.stringify({ backends: allBackends.map(publicStatus) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(body);
    }
    const { requestId, headers: forwarding } = forwardingHeaders(req);
    // Each node's /metrics is scraped on the node itself (docs/operations.md); never from outside.
    if (new URL(req.url ?? '/', 'http://proxy').pathname === '/metrics') {
      return sendError(res, 404, 'Not found', 'NOT_FOUND', requestId);
    }
    const { pool, key } = routeOf(req);
    const headers = { ...endToEnd(req.headers), ...forwarding };
    // A request without a body can be sent again to another node if the first refuses it.
    const bodyless =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.headers['transfer-encoding'] &&
      Number(req.headers['content-length'] ?? 0) === 0;
    const tried = new Set<Backend>();

    const attempt = () => {
      const backend = pool.pick(tried, key);
      if (!backend) {
        req.resume();
        return sendError(
          res,
          503,
          'No server is available to answer; try again shortly.',
          'NO_BACKEND',
          requestId,
        );
      }
      tried.add(backend);
      const upstream = httpRequest({
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      });
      let answered = false;
      upstream.on('response', (upstreamRes) => {
        answered = true;
        const responseHeaders = endToEnd(upstreamRes.headers);
        responseHeaders['x-request-id'] ??= requestId;
        if (closing) responseHeaders.connection = 'close';
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, responseHeaders);
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (answered || res.destroyed) return void res.destroy();
        const refused = error.code === 'ECONNREFUSED';
        if (refused) markDown(backend, error.message);
        // Refused: nothing reached the node. Reset on a reused idle connection: a bodyless request
        // is safe to send again.
        if (bodyless && (refused || error.code === 'ECONNRESET')) return attempt();
        log('warn', 'request to backend failed', { backend: backend.url, requestId, err: error.message });
        sendError(res, 502, 'The server behind the proxy did not answer.', 'BAD_GATEWAY', requestId);
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (bodyless) upstream.end();
      else req.pipe(upstream);
    };
    attempt();
  }

  function handleUpgrade(req: IncomingMessage, client: Duplex, head: Buffer) {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    if (closing) return void client.destroy();
    const { pool, key } = routeOf(req);
    const { headers: forwarding } = forwardingHeaders(req);
    // The handshake is passed on as it came (Connection and Upgrade included) plus the forwarding
    // headers; after it the two sockets are piped, so websocket frames cross untouched.
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      if (!FORWARDING.has(name.toLowerCase())) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    for (const [name, value] of Object.entries(forwarding)) lines.push(`${name}: ${value}`);
    const handshake = `${lines.join('\r\n')}\r\n\r\n`;
    const tried = new Set<Backend>();

    const attempt = () => {
      const backend = pool.pick(tried, key);
      if (!backend) {
        client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      tried.add(backend);
      const upstream: Socket = connect(backend.port, backend.host);
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        markDown(backend, error.message);
        if (!client.destroyed) attempt();
      });
      upstream.once('connect', () => {
        if (client.destroyed) return void upstream.destroy();
        tunnels.add(upstream);
        upstream.on('close', () => {
          tunnels.delete(upstream);
          // The node's close frame (if any) is passed on, then the client's side is ended; reading
          // on lets its end arrive (an unread socket never closes), and a client that never
          // closes its side is cut.
          client.end();
          client.resume();
          setTimeout(() => client.destroy(), 2000).unref();
        });
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.setNoDelay(true);
        (client as Socket).setNoDelay?.(true);
        upstream.write(handshake);
        if (head.length > 0) upstream.write(head);
        client.pipe(upstream);
        upstream.pipe(client);
      });
    };
    attempt();
  }

  const server = createServer(handleRequest);
  server.on('upgrade', handleUpgrade);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  // After close() every response ends its connection; idle ones are closed as soon as they are idle.
  server.on('request', (_req, res) => {
    res.on('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  await checkAll();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the proxy has no address');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    status: () => allBackends.map(publicStatus),
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        clearInterval(healthTimer);
        let httpDone = false;
        const finish = () => {
          if (!httpDone || tunnels.size > 0) return;
          clearTimeout(cut);
          clearInterval(watch);
          agent.destroy();
          resolve();
        };
        server.close(() => {
          httpDone = true;
          finish();
        });
        server.closeIdleConnections();
        // Websockets end when their node closes them (a node shutting down tells its clients).
        const watch = setInterval(finish, 50);
        const cut = setTimeout(() => {
          log('warn', 'grace period over; cutting the connections left', { websockets: tunnels.size });
          server.closeAllConnections();
          for (const socket of tunnels) socket.destroy();
          tunnels.clear();
        }, graceMs);
      });
      return closed;
    },
  };
}

function publicStatus(backend: Backend): BackendStatus {
  return { role: backend.role, url: backend.url, alive: backend.alive, problem: backend.problem };
}
