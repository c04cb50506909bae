import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtp, type LocalSmtp } from '../support/local-smtp.ts';
import { apiClient, startApiProcess, type ApiProcess } from '../support/api-process.ts';

/**
 * SMTP down: the built API sends contact messages through a real local SMTP server,
 * which is stopped. Messages sent meanwhile wait in the outbox (the admin sees them waiting and
 * why), the API stays healthy, and once the server is back on the same port every message
 * arrives exactly once, without a restart or an administrator doing anything.
 */

const USER = 'mailer';
const PASS = 'smtp-password-123';

interface ListedMessage {
  id: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  payload: { message?: string; issue?: string };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('SMTP down', () => {
  let smtp: LocalSmtp | undefined;
  let api: ApiProcess;

  beforeAll(async () => {
    smtp = await startLocalSmtp({ username: USER, password: PASS });
    // One second before the first retry (doubling after that) keeps the test short; the default is 30.
    // The test's mail server is on a port of its own, allowed as an operator allows one.
    api = await startApiProcess({ OUTBOX_RETRY_SECONDS: '1', SMTP_ALLOWED_PORTS: String(smtp.port) });
  });

  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
  });

  it(
    'keeps contact messages in the outbox and delivers each exactly once when SMTP is back',
    { timeout: 90_000 },
    async () => {
      const client = apiClient(api.baseUrl);
      await client.login('admin', api.firstAdminPassword()!);
      const port = smtp!.port;
      const saved = await client.post('/api/smtp/settings', {
        host: '127.0.0.1',
        port: String(port),
        user: USER,
        pass: PASS,
        fromEmail: 'clock@example.org',
        adminEmail: 'newsroom@example.org',
        secure: false,
      });
      expect(saved.status).toBe(200);

      const contact = (marker: string) =>
        client.post('/api/email/contact', {
          name: 'Reader',
          email: 'reader@example.org',
          message: `Message ${marker}`,
          timestamp: null,
        });
      const messages = async () =>
        (await client.get('/api/admin/messages?limit=50')).body.messages as ListedMessage[];

      // Working mail first: the settings are right.
      expect((await contact('before')).status).toBe(202);
      await smtp!.waitFor(1, 15_000);
      expect(smtp!.received[0]!.to).toEqual(['newsroom@example.org']);

      await smtp!.close();
      smtp = undefined;

      const markers = ['during-1', 'during-2', 'during-3'];
      for (const marker of markers) expect((await contact(marker)).status).toBe(202);
      const report = await client.post('/api/email/data-issue', {
        issue: 'Message during-report',
        page: 'Police clock',
        timestamp: null,
      });
      expect(report.status).toBe(202);

      // They wait, each tried and refused at least once, and the admin can see why.
      const waiting = await until('every message to be tried and refused', 20_000, async () => {
        const listed = (await messages()).filter((m) => m.status !== 'sent');
        const tried = listed.filter((m) => m.attempts >= 1 && /Connection refused/.test(m.lastError ?? ''));
        return tried.length === 4 ? listed : undefined;
      });
      expect(waiting.every((m) => m.status === 'pending')).toBe(true);
      const health = await client.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok' });
      expect(api.alive()).toBe(true);

      // SMTP comes back on the same port; nobody touches the API.
      smtp = await startLocalSmtp({ username: USER, password: PASS, port });
      const delivered = await smtp.waitFor(4, 30_000);
      // A moment longer, so a second copy of anything would have had time to arrive.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(delivered).toHaveLength(4);
      const bodies = delivered.map((mail) => /Message (during-\S+)/.exec(mail.text)?.[1]).sort();
      expect(bodies).toEqual(['during-1', 'during-2', 'during-3', 'during-report']);

      const after = await client.get('/api/admin/messages?limit=50');
      expect(after.body.counts).toEqual({ pending: 0, sent: 5, failed: 0 });
      expect(api.alive()).toBe(true);
      expect(await api.stop()).toBe(0);
    },
  );
});
