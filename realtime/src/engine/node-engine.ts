import { createServer } from 'node:http';
import type { Logger } from 'pino';
import { answer, type HttpEngine, type HttpRoute } from './http-engine.ts';

/**
 * Socket.IO's own engine on `node:http`: slower to fan a tick out (a JS write per client), but it
 * runs on every Node line, where uWebSockets.js has no binary for it.
 */
export function createNodeEngine(logger: Logger): HttpEngine {
  let routeOf: (method: string | undefined, path: string) => HttpRoute = () => {
    throw new Error('the realtime engine serves nothing yet');
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const route = routeOf(req.method, path);
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    void answer(route, header, logger).then((reply) => {
      if (res.destroyed) return;
      res.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  // A listen failure (port taken) is told to listen's caller, not thrown at the process.
  let listening: ((error: Error) => void) | undefined;
  server.on('error', (error) => listening?.(error));

  return {
    name: 'node:http',
    serve(io, routes) {
      routeOf = (method, path) =>
        (method === 'GET' && Object.hasOwn(routes.get, path) ? routes.get[path] : undefined) ??
        routes.notFound;
      // Engine.IO takes the requests under its path and hands the others to the listener above.
      io.attach(server);
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        listening = (error) =>
          reject(new Error(`Realtime server cannot listen on ${host}:${port}: ${error.message}`));
        server.listen(port, host, () => {
          listening = undefined;
          resolve((server.address() as { port: number }).port);
        });
      });
    },
    stopListening() {
      if (server.listening) server.close();
      // Idle keep-alive connections (a health checker's, a finished poll's) would hold the close.
      server.closeIdleConnections();
    },
  };
}
