import type { Server } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { TrustProxy } from '../../../common/config/config.ts';
import { addressGroup, normaliseAddress } from '../../../server-common/addresses/address-group.ts';
import { perAddressCount } from '../../../server-common/addresses/per-address-count.ts';

export interface ConnectionCapOptions {
  /** Open connections one address may hold (API_MAX_CONNECTIONS_PER_ADDRESS). */
  maxPerAddress: number;
  trustProxy: TrustProxy;
  log: FastifyBaseLogger;
  /** The app's keyed address hash: a logged address is never the address itself. */
  hashAddress: (address: string) => string;
  now?: () => number;
}

const WARN_EVERY_MS = 60_000;

/**
 * Closes a new connection at once when its address already holds `maxPerAddress`, so that one
 * client cannot take the process's file descriptors (20,000 here) from everyone else; the
 * timeouts alone only make it reconnect. The proxies TRUST_PROXY names are exempt (every visitor
 * comes through them); with a hop count any peer may be a proxy, so nothing is capped here and
 * the proxy's own per-address cap is the bound (deploy/haproxy.cfg). Counted on 'connection',
 * which Node emits one at a time, so parallel connections cannot all slip under it.
 */
export function capConnectionsPerAddress(server: Server, options: ConnectionCapOptions) {
  const { maxPerAddress, log, hashAddress, now = Date.now } = options;
  const trust = options.trustProxy;
  if (typeof trust === 'number') return { open: () => 0, refused: () => 0 };
  const trusted = trust === false ? () => false : proxyaddr.compile(trust);
  const open = perAddressCount();
  let refused = 0;
  let refusedSinceWarning = 0;
  let lastWarnAt = -Infinity;

  server.on('connection', (socket) => {
    const address = normaliseAddress(socket.remoteAddress ?? 'unknown');
    if (trusted(address, 0)) return;
    const group = addressGroup(address);
    if (open.of(group) >= maxPerAddress) {
      refused += 1;
      refusedSinceWarning += 1;
      socket.destroy();
      if (now() - lastWarnAt >= WARN_EVERY_MS) {
        log.warn(
          { address: hashAddress(address), maxPerAddress, refused: refusedSinceWarning },
          'connections refused: one address holds the most it may',
        );
        lastWarnAt = now();
        refusedSinceWarning = 0;
      }
      return;
    }
    socket.once('close', open.take(group));
  });

  return {
    open: (address: string) => open.of(addressGroup(address)),
    refused: () => refused,
  };
}
