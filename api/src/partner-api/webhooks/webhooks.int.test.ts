import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdminTestApp,
  createTestAdmin,
  manualClock,
  signInTestAdmin,
} from '../../../../tests/support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import type { App } from '../../app.ts';
import {
  createSecretBox,
  secretKeyFromHex,
  type SecretBox,
} from '../../../../server-common/security/secret-box.ts';
import { TEST_SECRET_HEX } from '../../../../tests/support/admin-app.ts';
import {
  startWebhookReceiver,
  verifiedBy,
  type WebhookReceiver,
} from '../../../../tests/support/webhook-receiver.ts';
import { createApiKeyService } from '../keys/api-key-service.ts';
import { composeWebhooks, type WebhookServices } from '../../composition/webhooks.ts';

describe.each(testDialects)('partner webhooks on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let box: SecretBox;
  let webhooks: WebhookServices;
  let receiver: WebhookReceiver;
  let admin: Record<string, string>;
  const clock = manualClock(Date.UTC(2025, 6, 1, 6, 0, 0));

  async function newKey(name: string) {
    const { apiKey, key } = await createApiKeyService({ sequelize: db.sequelize, now: clock.now }).create({
      name,
    });
    return { apiKey, id: key.id };
  }

  const put = (apiKey: string | undefined, url: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/external/webhook',
      headers: apiKey === undefined ? {} : { 'x-api-key': apiKey },
      payload: { url },
    });

  const deliveries = (keyId: number) =>
    db.sequelize.query<{
      status: string;
      attempts: number;
      response_code: number | null;
      last_error: string;
    }>(
      'SELECT status, attempts, response_code, last_error FROM webhook_deliveries WHERE key_id = :keyId ORDER BY id',
      { replacements: { keyId }, type: QueryTypes.SELECT },
    );

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    ({ app, secretBox: box } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      now: clock.now,
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
      webhooks: { allowPrivate: true },
    }));
    webhooks = app.webhooks!;
    await createTestAdmin(db.sequelize);
    admin = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await db?.drop();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    // Each test starts with no webhook and no delivery waiting from an earlier one.
    await db.sequelize.query("UPDATE webhook_deliveries SET status = 'cancelled' WHERE status = 'pending'");
    await db.sequelize.query('DELETE FROM webhooks');
  });

  it('registers one URL per key and shows the whsec_ secret once, stored encrypted', async () => {
    const { apiKey, id } = await newKey('Registers');
    const res = await put(apiKey, receiver.url);
    expect(res.statusCode).toBe(200);
    const { url, secret } = res.json<{ url: string; secret: string }>();
    expect(url).toBe(receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await db.sequelize.query<{ secret_enc: string }>(
      'SELECT secret_enc FROM webhooks WHERE key_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(row!.secret_enc).not.toContain(secret.slice(6));
    expect(box.decrypt(row!.secret_enc)).toBe(secret);
  });

  it('answers problem details without a key', async () => {
    const res = await put(undefined, receiver.url);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, code: 'API_KEY_MISSING' });
  });

  it('delivers each imported month, signed so the receiver verifies it', async () => {
    const { apiKey } = await newKey('Delivers');
    const { secret } = (await put(apiKey, receiver.url)).json<{ secret: string }>();
    await webhooks.queueMonthImported({ month: '2025-06', dataVersion: 'v-2025-06' });
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      type: 'data.month_imported',
      month: '2025-06',
      dataVersion: 'v-2025-06',
    });
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    expect(verifiedBy(secret, request)).toBe(true);
    expect(verifiedBy(`whsec_${Buffer.alloc(32).toString('base64')}`, request)).toBe(false);
  });

  it('retries after a 500 with the same id, and shows it in the admin log', async () => {
    const { apiKey, id } = await newKey('Retries');
    const { secret } = (await put(apiKey, receiver.url)).json<{ secret: string }>();
    receiver.answers.push({ status: 500 });
    await webhooks.queueMonthImported({ month: '2025-07', dataVersion: 'v7' });
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect(await deliveries(id)).toMatchObject([{ status: 'pending', attempts: 1, response_code: 500 }]);
    // Not due yet: nothing is sent before the back-off has passed.
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
    clock.advance(31_000);
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(verifiedBy(secret, receiver.received[1]!)).toBe(true);

    const log = await app.inject({
      method: 'GET',
      url: `/api/admin/api-keys/${id}/webhook`,
      cookies: admin,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({
      url: receiver.url,
      deliveries: [{ status: 'delivered', attempts: 2, responseCode: 200, type: 'data.month_imported' }],
    });
    expect((await app.inject({ method: 'GET', url: `/api/admin/api-keys/${id}/webhook` })).statusCode).toBe(
      401,
    );
  });

  it('gives up after 24 hours of failures', async () => {
    const { apiKey, id } = await newKey('Gives up');
    await put(apiKey, receiver.url);
    await webhooks.queueMonthImported({ month: '2025-08', dataVersion: 'v8' });
    const started = clock.now();
    for (let round = 0; round < 60; round += 1) {
      receiver.answers.push({ status: 503 });
      await webhooks.worker.runOnce();
      if ((await deliveries(id))[0]!.status !== 'pending') break;
      clock.advance(60 * 60_000);
    }
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'failed', response_code: 503 });
    expect(delivery!.attempts).toBe(receiver.received.length);
    expect(delivery!.attempts).toBeGreaterThan(10);
    expect(clock.now() - started).toBeLessThanOrEqual(24 * 60 * 60_000);
  });

  it('does not follow a redirect', async () => {
    const { apiKey, id } = await newKey('Redirected');
    await put(apiKey, receiver.url);
    receiver.answers.push({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    await webhooks.queueMonthImported({ month: '2025-09', dataVersion: 'v9' });
    await webhooks.worker.runOnce();
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'pending', response_code: 302 });
    expect((await deliveries(id))[0]!.last_error).toContain('redirects are not followed');
  });

  it('stops deliveries when the webhook is deleted', async () => {
    const { apiKey, id } = await newKey('Deleted');
    await put(apiKey, receiver.url);
    await webhooks.queueMonthImported({ month: '2025-10', dataVersion: 'v10' });
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/external/webhook',
      headers: { 'x-api-key': apiKey },
    });
    expect(res.json()).toEqual({ success: true, removed: true });
    await webhooks.queueMonthImported({ month: '2025-11', dataVersion: 'v11' });
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['cancelled']);
  });

  it('refuses a private target without WEBHOOK_ALLOW_PRIVATE_ADDRESSES, at registration and delivery', async () => {
    const strict = composeWebhooks({
      sequelize: db.sequelize,
      secretBox: box,
      allowPrivate: false,
      now: clock.now,
      // A public-looking name that resolves to the receiver's loopback address.
      worker: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    const { id } = await newKey('Strict');
    await expect(strict.service.register(id, receiver.url)).rejects.toMatchObject({
      statusCode: 400,
      code: 'INVALID_WEBHOOK_URL',
      message: expect.stringMatching(/^url must be an https URL/),
    });
    for (const [url, reason] of [
      ['https://10.1.2.3/hook', /^url points at a private/],
      ['https://[::ffff:127.0.0.1]/hook', /^url points at a private/],
      ['https://user:pw@hooks.example.org/', /^url must not carry credentials/],
      [`https://hooks.example.org/${'a'.repeat(2100)}`, /^url may be at most 2048/],
    ] as const) {
      await expect(strict.service.register(id, url)).rejects.toMatchObject({
        statusCode: 400,
        message: reason,
      });
    }
    // Registered on a node with the flag, delivered by one without: the name resolves to loopback.
    await strict.service.register(id, `https://receiver.example:${receiver.port}/hook`);
    await strict.queueMonthImported({ month: '2025-12', dataVersion: 'v12' });
    expect(await strict.worker.runOnce()).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(0);
    const mine = (await deliveries(id)).find((d) => d.status === 'pending');
    expect(mine?.last_error).toContain('private or reserved address (127.0.0.1)');
  });

  it('answers 400 naming url over HTTP', async () => {
    const { apiKey } = await newKey('Bad URL');
    const res = await put(apiKey, 'ftp://partner.example/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_WEBHOOK_URL', detail: expect.stringMatching(/^url /) });
  });

  it('leaves exactly one URL after parallel PUTs with one key', async () => {
    const { apiKey, id } = await newKey('Parallel');
    const urls = Array.from({ length: 8 }, (_, i) => `${receiver.url}?n=${i}`);
    const answers = await Promise.all(urls.map((url) => put(apiKey, url)));
    expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
    const rows = await db.sequelize.query<{ url: string; secret_enc: string }>(
      'SELECT url, secret_enc FROM webhooks WHERE key_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(rows).toHaveLength(1);
    const stored = answers
      .map((a) => a.json<{ url: string; secret: string }>())
      .find((a) => a.url === rows[0]!.url);
    expect(box.decrypt(rows[0]!.secret_enc)).toBe(stored?.secret);
  });

  it('sends each delivery once when several nodes work the queue', async () => {
    const { apiKey } = await newKey('Nodes');
    await put(apiKey, receiver.url);
    for (let month = 1; month <= 6; month += 1) {
      await webhooks.queueMonthImported({ month: `2024-0${month}`, dataVersion: `n${month}` });
    }
    const nodes = [1, 2, 3].map(
      (n) =>
        composeWebhooks({
          sequelize: db.sequelize,
          secretBox: box,
          allowPrivate: true,
          now: clock.now,
          worker: { workerId: `node-${n}` },
        }).worker,
    );
    const results = await Promise.all(nodes.map((node) => node.runOnce()));
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(6);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
  });

  it('rewrites signing secrets with the new SECRET_KEY after a rotation', async () => {
    const { apiKey, id } = await newKey('Rotation');
    const { secret } = (await put(apiKey, receiver.url)).json<{ secret: string }>();
    const oldKey = secretKeyFromHex(TEST_SECRET_HEX, 'SECRET_KEY_PREVIOUS');
    const rotated = createSecretBox(secretKeyFromHex('c3'.repeat(32), 'SECRET_KEY'), [oldKey]);
    const service = composeWebhooks({
      sequelize: db.sequelize,
      secretBox: rotated,
      allowPrivate: true,
    }).service;
    expect(await service.reencryptWithCurrentKey()).toBe(1);
    expect(await service.reencryptWithCurrentKey()).toBe(0);
    const [row] = await db.sequelize.query<{ secret_enc: string }>(
      'SELECT secret_enc FROM webhooks WHERE key_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(rotated.isCurrent(row!.secret_enc)).toBe(true);
    // The new key alone reads it: the previous one can go.
    expect(createSecretBox(secretKeyFromHex('c3'.repeat(32), 'SECRET_KEY')).decrypt(row!.secret_enc)).toBe(
      secret,
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      info: { description: string };
    }>();
    expect(Object.keys(doc.paths['/api/external/webhook'] ?? {}).sort()).toEqual(['delete', 'put']);
    // A refused URL's problem `type` points at a documented code.
    expect(JSON.stringify(doc)).toContain('INVALID_WEBHOOK_URL');
  });
});
