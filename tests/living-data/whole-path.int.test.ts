import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../api/src/app.ts';
import type { MailServices } from '../../api/src/composition/mail.ts';
import { createApiKeyService } from '../../api/src/partner-api/keys/api-key-service.ts';
import type { WebhookServices } from '../../api/src/composition/webhooks.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { parseConfig } from '../../common/config/config.ts';
import { secretKeyFromHex } from '../../server-common/security/secret-box.ts';
import { SAME_ORIGIN, TEST_SECRET_HEX } from '../support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/database.ts';
import { startLocalSmtp, type LocalSmtp, type ReceivedMail } from '../support/local-smtp.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../support/police-api/double.ts';
import { startWebhookReceiver, verifiedBy, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { archiveEntries, csvText, STREET_HEADER, streetRows, zipArchive } from '../support/police-archive.ts';

/**
 * The whole path of a newly published month, on a real store, a real SMTP
 * server and a real webhook receiver. data.police.uk (its double) publishes a month; the scheduled
 * updater's check imports it in a child import; the clock data version moves; the area's feed
 * grows by one entry; the month notices mail the confirmed subscriber once and queue one signed
 * delivery for the partner; a second run of the notices sends nothing more. Expected figures come
 * from the files written here, never from the services.
 */

const ORIGIN = 'https://crime-clock.example';
const SMTP = { username: 'relay', password: 'relay password' };
const KENT = { lat: 51.27, lng: 0.52 };
const HELD = ['2025-04', '2025-05', '2025-06'];
const NEW_MONTH = '2025-07';
const ALL = [...HELD, NEW_MONTH];
const rowsOf = (month: string) => 40 + ALL.indexOf(month) * 7;

/** Kent's street file of a month, its points around Kent so that force:kent's search finds them. */
const kentStreet = (month: string) =>
  csvText(
    STREET_HEADER,
    streetRows(rowsOf(month), {
      month,
      forceName: 'Kent Police',
      seed: 11 + ALL.indexOf(month),
      ...KENT,
      noLocation: 0,
    }),
  );

/** data.police.uk's archive of the given months, in its layout (YYYY-MM/YYYY-MM-<force>-street.csv). */
const archiveOf = (months: string[]) =>
  zipArchive(
    archiveEntries(Object.fromEntries(months.map((m) => [`${m}/${m}-kent-street.csv`, kentStreet(m)]))),
  );
const datesOf = (months: string[]) =>
  [...months].reverse().map((date) => ({ date, 'stop-and-search': ['kent'] }));

const confirmTokenOf = (text: string) => {
  const match = new RegExp(`${ORIGIN}/alerts/confirm\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

/** The months of the area's Atom feed entries, as their links name them. */
function feedMonths(atom: string): string[] {
  const doc = parseDocument(atom, { xmlMode: true });
  const months: string[] = [];
  const walk = (node: { name?: string; attribs?: Record<string, string>; children?: unknown[] }) => {
    if (node.name === 'entry') {
      const link = (node.children as { name?: string; attribs?: Record<string, string> }[]).find(
        (c) => c.name === 'link',
      );
      months.push(/month=(\d{4}-\d{2})/.exec(link?.attribs?.href ?? '')?.[1] ?? '?');
      return;
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(doc as unknown as Parameters<typeof walk>[0]);
  return months;
}

describe.each(testDialects)('a newly published month, end to end, on %s', (dialect) => {
  let db: TestDatabase;
  let police: PoliceApiDouble;
  let smtp: LocalSmtp;
  let receiver: WebhookReceiver;
  let app: App;
  let mail: MailServices;
  let webhooks: WebhookServices;
  let dir: string;

  /** Sends what the outbox holds now; the mails that arrived by it. */
  const deliverMail = async () => {
    const before = smtp.received.length;
    const { sent } = await mail.worker.runOnce();
    if (sent > 0) await smtp.waitFor(before + sent);
    return smtp.received.slice(before);
  };
  const version = async () =>
    (await app.inject({ method: 'GET', url: '/api/clock-data-version' })).json<{ version: string }>().version;
  const feed = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/areas/force:kent/feed.atom' });
    expect(res.statusCode, res.body).toBe(200);
    return feedMonths(res.body);
  };

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-whole-path-'));
    const held = join(dir, 'held.zip');
    writeFileSync(held, archiveOf(HELD));
    const summary = await importSources(db.sequelize, [held], { derivedTables: storeDerivedTables });
    expect(summary.status).toBe('completed');

    police = await startPoliceApiDouble();
    police.data.crimesStreetDates = datesOf(HELD);
    police.archive = archiveOf(HELD);
    smtp = await startLocalSmtp(SMTP);
    receiver = await startWebhookReceiver();

    const config = parseConfig({
      DATABASE_URL: db.url,
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: ORIGIN,
      POLICE_API_URL: police.baseUrl,
      POLICE_ARCHIVE_URL: police.archiveUrl,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    // As run-api.ts wires it, except that the tests run the loops' rounds themselves.
    app = await buildApp({
      config,
      sequelize: db.sequelize,
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      mail: { allowedPorts: [smtp.port] },
      webhooks: {},
      monthNoticesLoop: false,
    });
    mail = app.mail!;
    webhooks = app.webhooks!;
    await mail.smtpSettings.save({
      host: '127.0.0.1',
      port: smtp.port,
      user: SMTP.username,
      pass: SMTP.password,
      fromEmail: 'alerts@crime-clock.example',
      adminEmail: 'admin@crime-clock.example',
    });
    await app.ready();
    // The store's first check: the months it already holds are not news.
    expect(await app.monthNotices!.runOnce()).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await smtp?.close();
    await receiver?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let secret: string;

  it('has a confirmed subscriber for Kent, confirmed through the routes and the mailed link', async () => {
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: SAME_ORIGIN,
      payload: { email: 'ann@example.org', area: 'force:kent' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(202);
    const [confirmation, ...more] = await deliverMail();
    expect(more).toEqual([]);
    expect(confirmation!.to).toEqual(['ann@example.org']);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/alerts/confirm',
      headers: SAME_ORIGIN,
      payload: { token: confirmTokenOf(confirmation!.text) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await app.alerts!.counts()).toMatchObject({
      pending: 0,
      confirmed: 1,
      areas: 1,
      undeliveredConfirmations: 0,
    });
  });

  it('has a partner whose webhook is registered with its API key', async () => {
    const { apiKey } = await createApiKeyService({ sequelize: db.sequelize }).create({ name: 'Partner' });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/external/webhook',
      headers: { 'x-api-key': apiKey },
      payload: { url: receiver.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    ({ secret } = res.json<{ secret: string }>());
    expect(secret).toMatch(/^whsec_/);
  });

  it('imports the newly published month at the check, and announces it once to the subscriber and the partner', async () => {
    const versionBefore = await version();
    expect(await feed()).toEqual([...HELD].reverse());
    const mailsBefore = smtp.received.length;

    police.data.crimesStreetDates = datesOf(ALL);
    police.archive = archiveOf(ALL);
    const state = await app.dataUpdater.runCheck();
    expect(state).toMatchObject({ result: 'imported', message: `Imported ${NEW_MONTH}.` });

    const versionAfter = await version();
    expect(versionAfter).not.toBe(versionBefore);
    expect(await feed()).toEqual([...ALL].reverse());

    expect(await app.monthNotices!.runOnce()).toEqual([NEW_MONTH]);
    const alerts: ReceivedMail[] = await deliverMail();
    expect(alerts.map((m) => m.to)).toEqual([['ann@example.org']]);
    expect(alerts[0]!.headers.subject).toBe(`Kent Police: ${rowsOf(NEW_MONTH)} crimes recorded in July 2025`);
    expect(smtp.received).toHaveLength(mailsBefore + 1);

    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.method).toBe('POST');
    expect(JSON.parse(delivery!.body)).toEqual({
      type: 'data.month_imported',
      month: NEW_MONTH,
      dataVersion: versionAfter,
    });
    expect(verifiedBy(secret, delivery!)).toBe(true);
    // The check can fail: another secret does not verify it.
    expect(verifiedBy(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, delivery!)).toBe(false);

    // Running the notices (and the workers) again sends nothing more.
    expect(await app.monthNotices!.runOnce()).toEqual([]);
    expect(await deliverMail()).toEqual([]);
    expect(await webhooks.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.received).toHaveLength(mailsBefore + 1);
    expect(receiver.received).toHaveLength(1);

    // And the next scheduled check finds nothing new.
    expect(await app.dataUpdater.runCheck()).toMatchObject({ result: 'up-to-date' });
    expect(await version()).toBe(versionAfter);
  }, 180_000);
});
