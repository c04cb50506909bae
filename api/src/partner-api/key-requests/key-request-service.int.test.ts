import { LRUCache } from 'lru-cache';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { manualClock } from '../../../../tests/support/admin-app.ts';
import { KEY_LINK_DAYS } from '../../../../common/contracts/key-requests.ts';
import { windowCounters } from '../../db/window-counters.ts';
import { createOutbox, type Outbox } from '../../email/outbox.ts';
import { HttpError } from '../../http/errors.ts';
import { createRateLimiter, type LocalCount } from '../../security/rate-limit.ts';
import { createApiKeyService, type ApiKeyService } from '../keys/api-key-service.ts';
import { approvedMail, declinedMail } from './key-request-mail.ts';
import {
  createKeyRequestService,
  type KeyDecisionPayload,
  type KeyRequestService,
} from './key-request-service.ts';

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const REQUEST = {
  name: 'Ada Lovelace',
  email: 'ada@partner.example',
  organisation: 'Partner News',
  intendedUse: 'Crime figures beside our local news stories.',
};

/** The key request workflow without HTTP: request, limits, approve or decline, the one-time link. */
describe.each(testDialects)('key request service on %s', (dialect) => {
  let db: TestDatabase;
  let keys: ApiKeyService;
  let outbox: Outbox;
  let requests: KeyRequestService;
  let mailAvailable = false;
  let sender = 0;
  const clock = manualClock(Date.UTC(2026, 11, 7, 9, 0, 0));
  /** A fresh address group for each request that is not about the address allowance. */
  const nextSender = () => `203.0.113.${++sender}`;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    keys = createApiKeyService({ sequelize: db.sequelize, now: clock.now });
    outbox = createOutbox({ sequelize: db.sequelize, now: clock.now });
    requests = createKeyRequestService({
      sequelize: db.sequelize,
      keys,
      outbox,
      limiter: createRateLimiter({
        counters: windowCounters(db.sequelize),
        local: new LRUCache<string, LocalCount>({ max: 1000 }),
        now: clock.now,
      }),
      hashAddress: (value) => `h:${value}`,
      mailAvailable: async () => mailAvailable,
      now: clock.now,
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const mails = async (kind: string) =>
    (
      await db.sequelize.query<{ payload: string }>(
        'SELECT payload FROM outbox WHERE kind = :kind ORDER BY id',
        {
          replacements: { kind },
          type: QueryTypes.SELECT,
        },
      )
    ).map((row) => JSON.parse(row.payload) as KeyDecisionPayload);

  it('stores a request, trimmed, and says whether mail can answer it', async () => {
    expect(await requests.submit({ ...REQUEST, name: '  Ada Lovelace ' }, nextSender())).toEqual({
      mailAvailable: false,
    });
    mailAvailable = true;
    expect(
      await requests.submit({ ...REQUEST, email: 'grace@partner.example', locale: 'cy' }, nextSender()),
    ).toEqual({
      mailAvailable: true,
    });
    const listed = await requests.list();
    expect(listed.map((r) => [r.name, r.email, r.status, r.locale])).toEqual([
      ['Ada Lovelace', 'grace@partner.example', 'pending', 'cy'],
      ['Ada Lovelace', 'ada@partner.example', 'pending', 'en'],
    ]);
  });

  it('refuses a request the form would refuse, naming each field, and stores nothing', async () => {
    const before = (await requests.list()).length;
    const refused = await failure(
      requests.submit(
        { name: ' ', email: 'not-an-address', organisation: 'x'.repeat(201), intendedUse: 'ok' },
        nextSender(),
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.code).toBe('INVALID_KEY_REQUEST');
    expect(refused.message).toContain('name');
    expect(refused.message).toContain('valid email');
    expect(refused.message).toContain('organisation may be at most 200');
    expect((await requests.list()).length).toBe(before);
  });

  it('approves: makes a key, mails a link that shows it once, then says it was shown', async () => {
    const [pending] = (await requests.list()).filter((r) => r.email === 'ada@partner.example');
    const approved = await requests.approve(pending!.id, { dailyRateLimit: 250 });
    expect(approved).toMatchObject({ status: 'approved', apiKeyId: expect.any(Number), linkOpenedAt: null });
    expect(Date.parse(approved.linkExpiresAt!) - clock.now()).toBe(KEY_LINK_DAYS * 24 * 3600_000);
    const [mail] = await mails('key-approved');
    expect(mail!.requestId).toBe(pending!.id);

    const shown = await requests.reveal(mail!.token!);
    expect(shown).toMatchObject({ name: 'Partner News (Ada Lovelace)', dailyRateLimit: 250 });
    // The key shown is a working key, the one the request was approved with.
    expect((await keys.authenticate(shown.apiKey)).id).toBe(approved.apiKeyId);
    // Nothing stored can show it again.
    const [row] = await db.sequelize.query<{ key_sealed: string | null }>(
      'SELECT key_sealed FROM api_key_requests WHERE id = :id',
      { replacements: { id: pending!.id }, type: QueryTypes.SELECT },
    );
    expect(row!.key_sealed).toBeNull();
    expect((await failure(requests.reveal(mail!.token!))).code).toBe('KEY_LINK_USED');
    expect((await failure(requests.reveal('not-a-token-we-sent'))).code).toBe('UNKNOWN_TOKEN');
    expect((await failure(requests.approve(pending!.id))).code).toBe('KEY_REQUEST_DECIDED');
    expect((await failure(requests.decline(pending!.id))).code).toBe('KEY_REQUEST_DECIDED');

    const text = approvedMail(
      (await requests.recipient(pending!.id))!,
      mail!.token!,
      'site@x',
      'https://cc.example',
    );
    expect(text.to).toBe('ada@partner.example');
    expect(text.text).toContain(`https://cc.example/developers/key?token=${mail!.token}`);
  });

  it('shows a key once to two parallel openings of its link', async () => {
    const { id } = (await requests.list()).find((r) => r.email === 'grace@partner.example')!;
    await requests.approve(id);
    const token = (await mails('key-approved')).find((m) => m.requestId === id)!.token!;
    const results = await Promise.allSettled([
      requests.reveal(token),
      requests.reveal(token),
      requests.reveal(token),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The Welsh request's mail is Welsh, with the Welsh key page.
    const text = approvedMail((await requests.recipient(id))!, token, 'site@x', 'https://cc.example');
    expect(text.subject).toBe('Eich allwedd API Cloc Troseddau');
    expect(text.text).toContain('https://cc.example/cy/developers/key?token=');
  });

  it('lets a link expire after its days, unopened', async () => {
    await requests.submit({ ...REQUEST, email: 'late@partner.example' }, nextSender());
    const { id } = (await requests.list()).find((r) => r.email === 'late@partner.example')!;
    await requests.approve(id);
    const token = (await mails('key-approved')).find((m) => m.requestId === id)!.token!;
    clock.advance(KEY_LINK_DAYS * 24 * 3600_000 + 1);
    expect((await failure(requests.reveal(token))).code).toBe('KEY_LINK_EXPIRED');
    expect((await failure(requests.reveal(token))).code).toBe('KEY_LINK_EXPIRED');
  });

  it('declines with a polite mail, and makes no key', async () => {
    await requests.submit({ ...REQUEST, email: 'no@partner.example' }, nextSender());
    const { id } = (await requests.list()).find((r) => r.email === 'no@partner.example')!;
    const keysBefore = (await keys.list()).length;
    expect(await requests.decline(id)).toMatchObject({ status: 'declined', apiKeyId: null });
    expect((await keys.list()).length).toBe(keysBefore);
    expect((await mails('key-declined')).map((m) => m.requestId)).toContain(id);
    const text = declinedMail((await requests.recipient(id))!, 'site@x', 'https://cc.example');
    expect(text.text).toContain('sorry');
    expect(text.text).toContain('https://cc.example/developers');
    expect((await failure(requests.decline(999_999))).code).toBe('KEY_REQUEST_NOT_FOUND');
  });

  it('keeps the allowance per address and per email under parallel requests', async () => {
    const address = '198.51.100.7';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        requests.submit({ ...REQUEST, email: `flood${i}@partner.example` }, address),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as HttpError).code).toBe('TOO_MANY_KEY_REQUESTS');

    const byEmail = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        requests.submit({ ...REQUEST, email: 'Same@Partner.example' }, nextSender()),
      ),
    );
    expect(byEmail.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const stored = (await requests.list()).filter((r) => r.email.toLowerCase() === 'same@partner.example');
    expect(stored).toHaveLength(3);
  });
});
