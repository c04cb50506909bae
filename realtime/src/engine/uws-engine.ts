import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import type * as uWS from 'uWebSockets.js';
import { answer, type HttpEngine, type HttpReply, type HttpRoute } from './http-engine.ts';

type UwsModule = typeof uWS;

/**
 * uWebSockets.js carries the sockets: its native publish fans a room broadcast out without a JS
 * loop per client. It speaks HTTP/1.1 only (an HTTP/1.0 request is answered 505).
 */
export function createUwsEngine(uws: UwsModule, logger: Logger): HttpEngine {
  const app = uws.App();
  let listenSocket: uWS.us_listen_socket | false = false;

  const handle = (route: HttpRoute) => (res: uWS.HttpResponse, req: uWS.HttpRequest) => {
    const headers = new Map<string, string>();
    req.forEach((name, value) => headers.set(name, value));
    let aborted = false;
    res.onAborted(() => {
      aborted = true;
    });
    void answer(route, (name) => headers.get(name), logger).then((reply: HttpReply) => {
      if (aborted) return;
      res.cork(() => {
        if (reply.status !== 200) res.writeStatus(`${reply.status} ${STATUS_CODES[reply.status] ?? ''}`);
        for (const [name, value] of Object.entries(reply.headers ?? {})) res.writeHeader(name, value);
        res.end(reply.body);
      });
    });
  };

  return {
    name: 'uWebSockets.js',
    serve(io, routes) {
      io.attachApp(app);
      for (const [path, route] of Object.entries(routes.get)) app.get(path, handle(route));
      app.any('/*', handle(routes.notFound));
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        app.listen(host, port, (token) => {
          if (!token) return reject(new Error(`Realtime server cannot listen on ${host}:${port}`));
          listenSocket = token;
          resolve(uws.us_socket_local_port(token));
        });
      });
    },
    stopListening() {
      if (listenSocket) uws.us_listen_socket_close(listenSocket);
      listenSocket = false;
    },
  };
}
