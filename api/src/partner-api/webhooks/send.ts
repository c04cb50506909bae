import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, resolveTarget, WebhookTargetRefused, type Resolver } from './address-guard.ts';

/** What one delivery attempt came to: the receiver's status, or why there was none. */
export type SendOutcome =
  { delivered: true; status: number } | { delivered: false; status: number | null; error: string };

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  resolve?: Resolver;
}

/**
 * POSTs one signed body. The URL is checked again, its host resolved and every address checked,
 * and the connection made to the checked address (a `lookup` that answers it), so DNS cannot
 * point the request elsewhere between check and connect; TLS still verifies the certificate for
 * the host name. Redirects are never followed: a 3xx is a failed attempt. Any 2xx is delivered.
 */
export async function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  const check = checkWebhookUrl(target, options.allowPrivate);
  if (!check.ok) return { delivered: false, status: null, error: check.error };
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await resolveTarget(check.url, options);
  } catch (error) {
    const message =
      error instanceof WebhookTargetRefused ? error.message : `DNS: ${(error as Error).message}`;
    return { delivered: false, status: null, error: message };
  }
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = check.url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    const request = client.request(
      check.url,
      {
        method: 'POST',
        lookup,
        // A fresh connection each time: an agent's pooled socket could outlive the check.
        agent: false,
        timeout: options.timeoutMs,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'CrimeClock-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is not read: drain it so the socket closes.
        response.resume();
        response.on('end', () => undefined);
        if (status >= 200 && status < 300) resolve({ delivered: true, status });
        else if (status >= 300 && status < 400)
          resolve({ delivered: false, status, error: `Answered ${status}: redirects are not followed.` });
        else resolve({ delivered: false, status, error: `Answered ${status}.` });
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ delivered: false, status: null, error: error.message }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
