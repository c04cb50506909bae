import * as uWS from 'uWebSockets.js';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../common/realtime/protocol.ts';

export interface RealtimeOptions {
  logger: Logger;
  /** Interval of the server-time broadcast; 1 s in production. */
  tickMs?: number;
  now?: () => number;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents>;

export interface RealtimeServer {
  io: RealtimeIo;
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  /** Tells clients, stops timers and frees the port. */
  close(): Promise<void>;
}

/**
 * uWebSockets.js carries the sockets (its native publish fans a room broadcast out without a JS
 * loop per client); Socket.IO gives the protocol, rooms and reconnection.
 */
export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const app = uWS.App();
  const io: RealtimeIo = new Server({
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    pingInterval: 25_000,
    pingTimeout: 20_000,
    cors: { origin: true, credentials: false },
  });
  io.attachApp(app);

  const startedAt = now();
  app.get('/health', (res) => {
    res.cork(() => {
      res.writeHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          status: 'ok',
          clients: io.engine.clientsCount,
          uptimeSeconds: Math.round((now() - startedAt) / 1000),
        }),
      );
    });
  });
  app.any('/*', (res) => {
    res.cork(() => {
      res.writeStatus('404 Not Found').writeHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: false, error: 'Not found', code: 'NOT_FOUND' }));
    });
  });

  io.on('connection', (socket) => {
    logger.debug({ id: socket.id }, 'client connected');
    socket.emit('server:time', { t: now() });
  });

  const timer = setInterval(() => io.emit('server:time', { t: now() }), options.tickMs ?? 1000);

  let listenSocket: uWS.us_listen_socket | false = false;
  return {
    io,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        app.listen(host, port, (token) => {
          if (!token) return reject(new Error(`Realtime server cannot listen on ${host}:${port}`));
          listenSocket = token;
          resolve(uWS.us_socket_local_port(token));
        });
      });
    },
    async close() {
      clearInterval(timer);
      if (listenSocket) uWS.us_listen_socket_close(listenSocket);
      listenSocket = false;
      // Disconnecting tells each client the server went away, so it reconnects elsewhere at once.
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
