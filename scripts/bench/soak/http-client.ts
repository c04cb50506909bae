/**
 * A small HTTP/1.1 client over node:http with keep-alive, a hard timeout per request and errors
 * sorted into timeouts and socket errors. Cheaper per request than fetch, so the soak's own CPU
 * does not become what it measures on a two-core machine.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

export class HttpFailure extends Error {
  override name = 'HttpFailure';
  constructor(
    readonly kind: 'timeout' | 'socket error',
    message: string,
    readonly ms: number,
  ) {
    super(message);
  }
}

export interface HttpRequestSpec {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(
    origin: string,
    private readonly timeoutMs: number,
    maxSockets = 128,
  ) {
    this.url = new URL(origin);
    // Idle connections are dropped after 4 s, before the server's 5 s keep-alive timeout closes
    // them: reusing one the server is closing at that moment fails with ECONNRESET (a known race
    // of HTTP/1.1 keep-alive), which would be the client's fault, not the server's.
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: 4000 });
  }

  /** The site's origin, as browsers send it in `Origin` (the API's CSRF check wants it). */
  get origin(): string {
    return this.url.origin;
  }

  send(spec: HttpRequestSpec): Promise<HttpAnswer> {
    const started = performance.now();
    const payload = spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body));
    const headers: Record<string, string> = { accept: '*/*', ...spec.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise<HttpAnswer>((resolve, reject) => {
      let settled = false;
      const fail = (kind: HttpFailure['kind'], message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new HttpFailure(kind, message, performance.now() - started));
      };
      const req = httpRequest(
        {
          host: this.url.hostname,
          port: Number(this.url.port || 80),
          method: spec.method,
          path: spec.path,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => fail('socket error', error.message));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            });
          });
        },
      );
      const timer = setTimeout(() => {
        fail('timeout', `no answer within ${this.timeoutMs} ms`);
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) =>
        fail(
          'socket error',
          `${error.code ?? error.message}${req.reusedSocket ? ' (reused connection)' : ''}`,
        ),
      );
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Keeps the session cookie an admin's browser would (name=value of each Set-Cookie). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies.entries()].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}
