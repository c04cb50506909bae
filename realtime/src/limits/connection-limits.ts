import type { Logger } from 'pino';
import type { RealtimeIo } from '../io-types.ts';

/**
 * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false none; true the one proxy in
 * front; a number that many proxies; addresses: those proxies.
 */
export type TrustProxy = boolean | number | string | readonly string[];

export interface ConnectionLimitOptions {
  /** Open connections one address may hold; more are refused (REALTIME_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
  /** Events one socket may send per window before it is disconnected (REALTIME_MAX_EVENTS_PER_SOCKET). */
  maxEventsPerWindow: number;
  eventWindowMs?: number;
  trustProxy?: TrustProxy;
  logger: Logger;
  now?: () => number;
}

interface RequestLike {
  headers?: Record<string, string | string[] | undefined>;
  connection?: { remoteAddress?: string };
}

const normalise = (address: string) => address.replace(/^::ffff:/i, '').toLowerCase();

/**
 * The visitor's address: the connection's own, or, behind trusted proxies, the address the
 * nearest untrusted hop gave, read from the right of X-Forwarded-For (the left is the visitor's
 * to choose, so it is never believed).
 */
export function clientAddress(req: RequestLike, trust: TrustProxy = false): string {
  const remote = normalise(req.connection?.remoteAddress ?? 'unknown');
  if (trust === false || trust === 0) return remote;
  const header = req.headers?.['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => normalise(part.trim()))
    .filter(Boolean);
  const chain = [...forwarded, remote];
  if (typeof trust === 'boolean' || typeof trust === 'number') {
    const hops = trust === true ? 1 : trust;
    return chain[Math.max(0, chain.length - 1 - hops)]!;
  }
  const trusted = new Set(
    (typeof trust === 'string' ? trust.split(',') : trust).map((a) => normalise(a.trim())),
  );
  let i = chain.length - 1;
  while (i > 0 && trusted.has(chain[i]!)) i--;
  return chain[i]!;
}

/**
 * Per-address connection cap and per-socket event budget. The cap is checked when a handshake
 * arrives (cheap refusal) and counted exactly when a connection opens: JavaScript runs one
 * connection event at a time, so parallel handshakes cannot all slip under it. A socket that
 * sends more events than its budget is disconnected; a browser sends one join per connection and
 * a few more per minute at most.
 */
export function createConnectionLimits(options: ConnectionLimitOptions) {
  const { logger, maxConnectionsPerAddress, maxEventsPerWindow } = options;
  const windowMs = options.eventWindowMs ?? 10_000;
  const now = options.now ?? Date.now;
  const open = new Map<string, number>();
  let refusedConnections = 0;
  let floodDisconnects = 0;
  let lastWarnAt = -Infinity;

  const warn = (message: string, details: Record<string, unknown>) => {
    // At most one line a minute: a flood must not become a log flood.
    if (now() - lastWarnAt < 60_000) return;
    lastWarnAt = now();
    logger.warn({ ...details, refusedConnections, floodDisconnects }, message);
  };

  return {
    /** engine.io's allowRequest: refuses a handshake from an address already at the cap. */
    allowRequest(req: RequestLike, callback: (error: string | null | undefined, success: boolean) => void) {
      const address = clientAddress(req, options.trustProxy);
      if ((open.get(address) ?? 0) >= maxConnectionsPerAddress) {
        refusedConnections++;
        warn('realtime connections refused: too many from one address', { address });
        return callback('Too many connections from this address', false);
      }
      callback(null, true);
    },

    attach(io: RealtimeIo) {
      io.engine.on(
        'connection',
        (raw: { request: RequestLike; close(): void; once(e: 'close', f: () => void): void }) => {
          const address = clientAddress(raw.request, options.trustProxy);
          const count = (open.get(address) ?? 0) + 1;
          if (count > maxConnectionsPerAddress) {
            refusedConnections++;
            warn('realtime connections refused: too many from one address', { address });
            raw.close();
            return;
          }
          open.set(address, count);
          raw.once('close', () => {
            const left = (open.get(address) ?? 1) - 1;
            if (left <= 0) open.delete(address);
            else open.set(address, left);
          });
        },
      );

      io.on('connection', (socket) => {
        let windowStart = now();
        let events = 0;
        socket.use((_packet, next) => {
          const at = now();
          if (at - windowStart >= windowMs) {
            windowStart = at;
            events = 0;
          }
          if (++events <= maxEventsPerWindow) return next();
          floodDisconnects++;
          warn('realtime socket disconnected: too many events', { events, windowMs });
          socket.disconnect(true);
        });
      });
    },

    stats: () => ({ addresses: open.size, refusedConnections, floodDisconnects }),
  };
}
