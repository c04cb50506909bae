import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A minimal round-robin TCP load balancer on loopback, standing in for the reverse proxy in
 * front of several realtime nodes: each new connection goes to the next backend that accepts
 * it, so a client whose node died reconnects to a live one.
 */
export async function startTcpProxy(
  backendPorts: number[],
  /** A fixed port (e.g. to bring a cut connection back where clients expect it); default any free one. */
  options: { port?: number } = {},
): Promise<{ port: number; close(): Promise<void>; freeze(): void; thaw(): void }> {
  let next = 0;
  const sockets = new Set<Socket>();
  // Frozen: bytes stay where they are in both directions and new connections wait unanswered.
  let frozen = false;
  const waiting: (() => void)[] = [];
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryBackend = (attempt: number) => {
      if (frozen) return void waiting.push(() => tryBackend(attempt));
      if (attempt >= backendPorts.length) return client.destroy();
      const port = backendPorts[next++ % backendPorts.length]!;
      const upstream = connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        // pipe() sets both flowing; a freeze that came during the connect holds them again.
        if (frozen) {
          client.pause();
          upstream.pause();
        } else client.resume();
      });
      upstream.once('error', () => {
        upstream.destroy();
        tryBackend(attempt + 1);
      });
    };
    tryBackend(0);
    client.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');
  return {
    port: address.port,
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
      for (const connectLater of waiting.splice(0)) connectLater();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
