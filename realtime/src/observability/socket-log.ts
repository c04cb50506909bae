import type { Logger } from 'pino';
import type { RealtimeIo } from '../io-types.ts';

/**
 * Each client's connection and disconnection at debug level, with its socket id (`socketId`, the
 * id the client sees too), so one client can be followed through the node's JSON log. At info and
 * above nothing is written per client: a node may hold tens of thousands.
 */
export function logSocketLifecycle(io: RealtimeIo, logger: Logger): void {
  io.on('connection', (socket) => {
    if (!logger.isLevelEnabled('debug')) return;
    const log = logger.child({ socketId: socket.id });
    log.debug({ transport: socket.conn.transport.name }, 'client connected');
    socket.on('disconnect', (reason) => log.debug({ reason }, 'client disconnected'));
  });
}
