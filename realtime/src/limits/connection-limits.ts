import type { Logger } from 'pino';
import type { TrustProxy } from '../../../common/config/config.ts';
import { addressGroup } from '../../../server-common/addresses/address-group.ts';
import { perAddressCap } from '../../../server-common/addresses/per-address-cap.ts';
import { visitorAddresses } from '../../../server-common/addresses/visitor-address.ts';
import type { RealtimeIo } from '../io-types.ts';

export type { TrustProxy };

export interface ConnectionLimitOptions {
  /** Open connections one address may hold; more are refused (REALTIME_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
  /** Open connections the node holds at most, from everyone (REALTIME_MAX_CONNECTIONS). */
  maxConnections?: number;
  /**
   * Events one connection may send per window, namespace opens included, before it is closed
   * (REALTIME_MAX_EVENTS_PER_SOCKET).
   */
  maxEventsPerWindow: number;
  eventWindowMs?: number;
  trustProxy?: TrustProxy;
  logger: Logger;
  /**
   * The keyed hash a logged address group is written as (never the address itself): the API's
   * `addressHash` under SECRET_KEY, so a line here matches the security log's hash of that visitor
   * (which hashes the same group).
   */
  hashAddress: (address: string) => string;
  now?: () => number;
}

interface RequestLike {
  headers?: Record<string, string | string[] | undefined>;
  connection?: { remoteAddress?: string };
}

/**
 * Per-address connection cap and per-connection event budget. The cap is checked when a handshake
 * arrives (cheap refusal) and counted exactly when a connection opens: JavaScript runs one
 * connection event at a time, so parallel handshakes cannot all slip under it. A connection that
 * sends more events than its budget (across every namespace socket opened on it) is closed; a
 * browser sends one join per connection and a few more per minute at most.
 *
 * The event budget is two numbers on the connection (a WeakMap, gone with it), checked synchronously; rate-limiter-flexible's Memory store keys by string, answers in a promise and was slower on the area clocks' checks.
 */
export function createConnectionLimits(options: ConnectionLimitOptions) {
  const { logger, maxConnectionsPerAddress, maxEventsPerWindow, hashAddress } = options;
  const maxConnections = options.maxConnections ?? Number.POSITIVE_INFINITY;
  let total = 0;
  const windowMs = options.eventWindowMs ?? 10_000;
  const now = options.now ?? Date.now;
  // The visitor behind the trusted proxies, read as the API reads it: a websocket carries one
  // visitor, so unlike the API's cap (which counts TCP peers) the forwarded address is counted.
  const visitors = visitorAddresses(options.trustProxy ?? false);
  const visitorOf = (req: RequestLike) => visitors.of(req.connection?.remoteAddress, req.headers);
  /** Open connections per address group (an IPv6 /64 is one), as the API's cap counts them. */
  const open = perAddressCap(maxConnectionsPerAddress);
  /** Per Engine.IO connection: its event budget and the visitor's address group. */
  const budgets = new WeakMap<object, { windowStart: number; events: number }>();
  const groups = new WeakMap<object, string>();
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
      if (total >= maxConnections) {
        refusedConnections++;
        warn('realtime connections refused: the node holds the most it may', { maxConnections });
        return callback('The server is full; try again shortly', false);
      }
      const group = addressGroup(visitorOf(req));
      if (open.isFull(group)) {
        refusedConnections++;
        warn('realtime connections refused: too many from one address', { addressHash: hashAddress(group) });
        return callback('Too many connections from this address', false);
      }
      callback(null, true);
    },

    attach(io: RealtimeIo) {
      io.engine.on(
        'connection',
        (raw: { request: RequestLike; close(): void; once(e: 'close', f: () => void): void }) => {
          const group = addressGroup(visitorOf(raw.request));
          if (total >= maxConnections) {
            refusedConnections++;
            warn('realtime connections refused: the node holds the most it may', { maxConnections });
            raw.close();
            return;
          }
          const release = open.take(group);
          if (!release) {
            refusedConnections++;
            warn('realtime connections refused: too many from one address', {
              addressHash: hashAddress(group),
            });
            raw.close();
            return;
          }
          total++;
          groups.set(raw, group);
          raw.once('close', () => {
            total--;
            release();
          });
        },
      );

      // The budget belongs to the Engine.IO connection, not to the Socket.IO socket: a client may
      // leave the namespace and open it again on the same connection (`41` then `40`), which
      // makes a new socket; a counter per socket would start afresh each time.
      io.on('connection', (socket) => {
        const conn = socket.conn as object;
        let budget = budgets.get(conn);
        if (!budget) {
          budget = { windowStart: now(), events: 0 };
          budgets.set(conn, budget);
        }
        const spent = budget;
        const spend = () => {
          const at = now();
          if (at - spent.windowStart >= windowMs) {
            spent.windowStart = at;
            spent.events = 0;
          }
          if (++spent.events <= maxEventsPerWindow) return true;
          floodDisconnects++;
          warn('realtime socket disconnected: too many events', { events: spent.events, windowMs });
          // `true` closes the underlying connection, with every namespace opened on it.
          socket.disconnect(true);
          return false;
        };
        // Opening the namespace is an event of the budget too: open/leave loops are not free.
        if (!spend()) return;
        socket.use((_packet, next) => {
          if (spend()) next();
        });
      });
    },

    /**
     * The unit per-address limits count a connection under, as the cap counts it: the visitor's
     * address, or the IPv6 /64 it is in.
     */
    addressOf(conn: { request: RequestLike }): string {
      return groups.get(conn) ?? addressGroup(visitorOf(conn.request));
    },

    /** True while the node holds REALTIME_MAX_CONNECTIONS: a new handshake would be refused. */
    atCapacity: () => total >= maxConnections,

    stats: () => ({ addresses: open.groups(), connections: total, refusedConnections, floodDisconnects }),
  };
}

export type ConnectionLimits = ReturnType<typeof createConnectionLimits>;
