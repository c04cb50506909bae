import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver saw of one request. */
export interface ReceivedWebhook {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The next answer the receiver gives (200 when none is queued). */
export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
}

/**
 * A partner's webhook receiver on a local port: keeps every request and answers each with the
 * next queued answer, 200 when none is queued.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: ReceiverAnswer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * The receiver's side of Standard Webhooks, written from the specification and not from our
 * signer: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes, any `v1,` signature of the
 * header matching.
 */
export function verifiedBy(secret: string, request: ReceivedWebhook): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return String(request.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
