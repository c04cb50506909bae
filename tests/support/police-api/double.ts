import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { recordedPoliceApi, type RecordedPoliceApi } from './recorded-responses.ts';

/**
 * A stand-in for data.police.uk on 127.0.0.1, for tests: it serves recorded-shape bodies on the
 * real paths, records when each request arrived, and can be told to misbehave the ways the real
 * service does (429 with Retry-After, 5xx, a stalled answer, a dropped connection) or to be down.
 */

export type Fault =
  | { status: number; retryAfter?: string; body?: string }
  /** Accept the request and never answer. */
  | { hang: true }
  /** Close the connection without answering. */
  | { reset: true }
  /** Answer 200 with this body. */
  | { body: string };

export interface ArrivedRequest {
  path: string;
  /** performance.now() when the request reached the double. */
  at: number;
}

export interface PoliceApiDouble {
  /** Like https://data.police.uk/api: no trailing slash. */
  baseUrl: string;
  requests: ArrivedRequest[];
  /** The bodies served; tests may change them. */
  data: RecordedPoliceApi;
  /** Like https://data.police.uk/data/archive/latest.zip: serves `archive` (404 while unset). */
  archiveUrl: string;
  /** The zip served at archiveUrl (tests/support/police-archive.ts zipArchive); tests may change it. */
  archive: Buffer | undefined;
  /** The next requests (one fault each) fail this way, then service is normal again. */
  failNext(...faults: Fault[]): void;
  /** Every request fails this way until called again with undefined. */
  failAlways(fault: Fault | undefined): void;
  /** Stops listening and drops every connection: the service is down. */
  close(): Promise<void>;
}

const ARCHIVE_PATH = '/data/archive/latest.zip';

function route(data: RecordedPoliceApi, segments: string[]): unknown[] | undefined {
  const [a, b, c] = segments;
  if (segments.length === 1 && a === 'forces') return data.forces;
  if (segments.length === 1 && a === 'crimes-street-dates') return data.crimesStreetDates;
  if (segments.length === 3 && a === 'forces' && c === 'people') return data.forcePeople[b!];
  if (segments.length === 2 && b === 'neighbourhoods') return data.neighbourhoods[a!];
  if (segments.length === 3 && c === 'boundary') return data.boundaries[`${a}/${b}`];
  if (segments.length === 3 && c === 'people') return data.neighbourhoodPeople[`${a}/${b}`];
  return undefined;
}

export async function startPoliceApiDouble(
  data: RecordedPoliceApi = recordedPoliceApi(),
): Promise<PoliceApiDouble> {
  const requests: ArrivedRequest[] = [];
  const double = { archive: undefined } as PoliceApiDouble;
  const queued: Fault[] = [];
  let always: Fault | undefined;
  const sockets = new Set<Socket>();

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://double');
    requests.push({ path: url.pathname, at: performance.now() });
    const fault = queued.shift() ?? always;
    if (fault && 'hang' in fault) return;
    if (fault && 'reset' in fault) {
      request.socket.destroy();
      return;
    }
    if (fault && 'status' in fault) {
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      response
        .writeHead(fault.status, headers)
        .end(fault.body ?? `<html><body>${fault.status}</body></html>`);
      return;
    }
    if (fault && 'body' in fault) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(fault.body);
      return;
    }
    if (request.method === 'GET' && url.pathname === ARCHIVE_PATH && double.archive) {
      response.writeHead(200, { 'content-type': 'application/zip' }).end(double.archive);
      return;
    }
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const body =
      request.method === 'GET' && segments[0] === 'api' ? route(data, segments.slice(1)) : undefined;
    if (body === undefined) {
      // data.police.uk answers unknown forces and neighbourhoods with an HTML 404 page
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not Found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  const server = createServer(answer);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const parts: Omit<PoliceApiDouble, 'archive'> = {
    baseUrl: `http://127.0.0.1:${port}/api`,
    archiveUrl: `http://127.0.0.1:${port}${ARCHIVE_PATH}`,
    requests,
    data,
    failNext: (...faults) => void queued.push(...faults),
    failAlways: (fault) => {
      always = fault;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
  return Object.assign(double, parts);
}
