import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { TrustProxy } from '../../../common/config/config.ts';
import { addressGroup, normaliseAddress } from '../../../server-common/addresses/address-group.ts';
import { perAddressCap } from '../../../server-common/addresses/per-address-cap.ts';
import { visitorAddresses } from '../../../server-common/addresses/visitor-address.ts';

export interface ConnectionCapOptions {
  /** Open connections one address may hold (API_MAX_CONNECTIONS_PER_ADDRESS). */
  maxPerAddress: number;
  trustProxy: TrustProxy;
  log: FastifyBaseLogger;
  /** The app's keyed address hash: a logged address is never the address itself. */
  hashAddress: (address: string) => string;
  now?: () => number;
}

/** The process's one connection cap: built by the composition root, attached to the app's server. */
export interface ConnectionCap {
  /** Counts the server's connections from now on (buildApp attaches app.server). */
  attach(server: Server): void;
  /** Connections the address holds open. */
  open(address: string): number;
  /** Connections closed so far for their address holding the most it may. */
  refused(): number;
}

const WARN_EVERY_MS = 60_000;

/**
 * Closes a new connection at once when its address already holds `maxPerAddress`, so that one
 * client cannot take the process's file descriptors (20,000 here) from everyone else; the
 * timeouts alone only make it reconnect. Counted on 'connection', which Node emits one at a time,
 * so parallel connections cannot all slip under it.
 *
 * What is counted is the TCP peer, not the forwarded visitor the realtime server counts: a
 * connection opens before any header arrives, and a proxy's keep-alive connection carries many
 * visitors' requests. So the proxies TRUST_PROXY names are exempt (every visitor comes through
 * them); with a hop count any peer may be a proxy, so nothing is capped here and the proxy's own
 * per-address cap is the bound (deploy/haproxy.cfg).
 */
export function createConnectionCap(options: ConnectionCapOptions): ConnectionCap {
  const { maxPerAddress, log, hashAddress, now = Date.now } = options;
  const proxies = visitorAddresses(options.trustProxy);
  const cap = perAddressCap(maxPerAddress);
  let refused = 0;
  let refusedSinceWarning = 0;
  let lastWarnAt = -Infinity;

  const onConnection = (socket: Socket) => {
    const peer = normaliseAddress(socket.remoteAddress ?? 'unknown');
    if (proxies.isProxy(peer)) return;
    const release = cap.take(peer);
    if (release) {
      socket.once('close', release);
      return;
    }
    refused += 1;
    refusedSinceWarning += 1;
    socket.destroy();
    if (now() - lastWarnAt >= WARN_EVERY_MS) {
      log.warn(
        { address: hashAddress(addressGroup(peer)), maxPerAddress, refused: refusedSinceWarning },
        'connections refused: one address holds the most it may',
      );
      lastWarnAt = now();
      refusedSinceWarning = 0;
    }
  };

  return {
    attach: (server) => void server.on('connection', onConnection),
    open: (address: string) => cap.of(address),
    refused: () => refused,
  };
}
