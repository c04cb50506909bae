import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import type { App } from '../app.ts';
import type { OutboxPayload } from '../email/outbox.ts';

/**
 * A real route's answer carries only what its contract declares (schema-serializer.ts, the contract
 * routes' serializer). The administrators' message list hands each stored payload on as it was
 * stored (JSON in the outbox table), so a field stored beside the declared ones (a payload of an
 * earlier release, or a field the listing must not show) is in the handler's result: the answer
 * must leave it out, also nested.
 */
describe('a contract route writes only what its schema declares', () => {
  let db: TestDatabase;
  let app: App;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const built = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url });
    app = built.app;
    await createTestAdmin(db.sequelize);
    cookies = await signInTestAdmin(app);
    const stored = {
      name: 'Ann',
      email: 'ann@example.org',
      message: 'Hello there',
      timestamp: null,
      visitorAddress: '203.0.113.9',
      browser: { userAgent: 'Test/1.0' },
    };
    await built.outbox.enqueue('contact', stored as OutboxPayload, 'sender-key');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('leaves a stored payload field the contract does not declare out of GET /api/admin/messages', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      headers: SAME_ORIGIN,
      cookies,
    });
    expect(res.statusCode).toBe(200);
    const [message] = res.json().messages;
    expect(message.payload).toEqual({
      name: 'Ann',
      email: 'ann@example.org',
      message: 'Hello there',
      timestamp: null,
    });
    expect(res.body).not.toContain('visitorAddress');
    expect(res.body).not.toContain('203.0.113.9');
    expect(res.body).not.toContain('userAgent');
  });
});
