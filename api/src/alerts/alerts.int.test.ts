import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { startLocalSmtp, type LocalSmtp, type ReceivedMail } from '../../../tests/support/local-smtp.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../tests/support/police-archive.ts';
import { manualClock, SAME_ORIGIN, TEST_SECRET_HEX } from '../../../tests/support/admin-app.ts';
import { buildApp, type App } from '../app.ts';
import type { MailServices } from '../composition/mail.ts';
import { importSources } from '../police-data/import/index.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';
import { createSecretBox, secretKeyFromHex } from '../../../server-common/security/secret-box.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { createAreaFeedService } from '../area-feed/feed-service.ts';
import { createPoliceClockService } from '../clocks/police-clock-service.ts';
import { createPostcodeService } from '../postcodes/postcode-service.ts';
import { createSearchService } from '../search/search-service.ts';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import { createAlertsService } from './alerts-service.ts';
import { windowCounters } from '../db/window-counters.ts';
import { composeCaches } from '../composition/caches.ts';

/**
 * Area alerts and the area feed, end to end on a real store and a real SMTP server: street files
 * of Kent imported by the importer itself, a subscriber who confirms, a new month imported, and
 * the mail that follows. Expected counts come from the files written, never from the service.
 */

const ORIGIN = 'https://crime-clock.example';
const SMTP = { username: 'relay', password: 'relay password' };
const KENT = { lat: 51.27, lng: 0.52 };
/** Rows of Kent's street file per month: a year and a month held, then one more imported later. */
const ROWS: Record<string, number> = {};
const HELD = Array.from({ length: 13 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 5 + i, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
});
const NEW_MONTH = '2025-07';
[...HELD, NEW_MONTH].forEach((month, i) => (ROWS[month] = 60 + ((i * 37) % 50)));

function kentMonth(dir: string, month: string) {
  const rows = streetRows(ROWS[month]!, {
    month,
    forceName: 'Kent Police',
    seed: month.length + Number(month.slice(5)) * 7,
    ...KENT,
    noLocation: 0,
  });
  writeFiles(dir, {
    'SYNTHETIC.txt': 'Synthetic test data.\n',
    [`${month}/${month}-kent-street.csv`]: csvText(STREET_HEADER, rows),
  });
}

const tokenOf = (text: string, path: string) => {
  const match = new RegExp(`${ORIGIN}${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

describe.each(testDialects)('area alerts and feeds on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let mail: MailServices;
  let smtp: LocalSmtp;
  let dir: string;
  const clock = manualClock(Date.now());
  let ip = 0;
  /** Each request from its own address unless one is given, so the per-address limit stays out of the way. */
  const subscribe = (payload: object, remoteAddress = `198.51.100.${++ip % 250}`) =>
    app.inject({ method: 'POST', url: '/api/alerts', headers: SAME_ORIGIN, remoteAddress, payload });
  const count = async (where = '1 = 1') =>
    Number(
      (
        await db.sequelize.query<{ n: number }>(
          `SELECT COUNT(*) AS n FROM alert_subscriptions WHERE ${where}`,
          {
            type: QueryTypes.SELECT,
          },
        )
      )[0]!.n,
    );
  /** Sends what the outbox holds now; the mails that arrived by it. */
  const deliver = async () => {
    const before = smtp.received.length;
    const { sent } = await mail.worker.runOnce();
    if (sent > 0) await smtp.waitFor(before + sent);
    return smtp.received.slice(before);
  };

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-alerts-'));
    for (const month of HELD) kentMonth(join(dir, 'held'), month);
    const summary = await importSources(db.sequelize, [join(dir, 'held')], {
      derivedTables: storeDerivedTables,
    });
    expect(summary.filesFailed).toBe(0);

    smtp = await startLocalSmtp(SMTP);
    const config = parseConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN });
    app = await buildApp({
      config,
      sequelize: db.sequelize,
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      mail: { allowedPorts: [smtp.port] },
      now: clock.now,
      monthNoticesLoop: false,
    });
    mail = app.mail!;
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
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let confirmation: ReceivedMail;
  let alert: ReceivedMail;
  /** A confirmation nobody used. */
  let bobsLink: string;
  /** Gwen subscribed from a Welsh page. */
  let gwensAlert: ReceivedMail;

  it('refuses a bad email or an unknown area with a 400 naming the field', async () => {
    const badEmail = await subscribe({ email: 'not an address', area: 'force:kent' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^email/);
    for (const area of ['force:nowhere', 'neighbourhood:kent:NOPE', 'kent']) {
      const res = await subscribe({ email: 'ann@example.org', area });
      expect(res.statusCode, area).toBe(400);
      expect(res.json().error).toMatch(/^area/);
    }
    const badCategory = await subscribe({
      email: 'ann@example.org',
      area: 'force:kent',
      categories: ['arson?'],
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().error).toMatch(/^categories/);
    expect(await count()).toBe(0);
  });

  it('refuses an area whose force publishes no street crime with a 422 that names it, and stores nothing', async () => {
    for (const area of ['force:greater-manchester', 'neighbourhood:greater-manchester:NOPE']) {
      const res = await subscribe({ email: 'ann@example.org', area });
      if (area.startsWith('neighbourhood')) {
        // An unknown neighbourhood is refused as unknown before anything else.
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('AREA_NOT_PUBLISHED');
      expect(res.json().error).toContain('Greater Manchester Police (since 2019-07)');
    }
    expect(await count()).toBe(0);
    expect(await deliver()).toEqual([]);
  });

  it('sends only a confirmation for a subscription, and a GET of its link confirms nothing', async () => {
    const res = await subscribe({ email: 'Ann@Example.org', area: 'force:kent' });
    expect(res.statusCode, res.body).toBe(202);
    // Queued, not "on its way": the mail server may not take it; and what to do if it never comes.
    expect(res.json().message).toMatch(/queued/);
    expect(res.json().message).toMatch(/spam folder/);
    expect(res.json().message).not.toMatch(/on its way/);
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    confirmation = mails[0]!;
    expect(confirmation.to.map((t) => t.toLowerCase())).toEqual(['ann@example.org']);
    expect(confirmation.headers.subject).toContain('Kent Police');
    expect(await deliver()).toEqual([]);

    // The address is stored sealed, never as text.
    const [row] = await db.sequelize.query<{ email_enc: string }>(
      'SELECT email_enc FROM alert_subscriptions',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(row!.email_enc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('Example.org');

    const token = tokenOf(confirmation.text, '/alerts/confirm');
    // A mail scanner fetches the link (the page) and anything like it: nothing is confirmed.
    for (const url of [`/alerts/confirm?token=${token}`, `/api/alerts/confirm?token=${token}`])
      await app.inject({ method: 'GET', url });
    expect(await count('confirmed_at IS NOT NULL')).toBe(0);

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/alerts/confirm',
      headers: SAME_ORIGIN,
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, area: 'force:kent', label: 'Kent Police' });
    expect(await count('confirmed_at IS NOT NULL')).toBe(1);
    expect(await deliver()).toEqual([]);
  });

  it('answers an address already subscribed exactly as a new one, and sends it nothing', async () => {
    const res = await subscribe({ email: 'ann@example.org', area: 'force:kent' });
    const fresh = await subscribe({ email: 'bob@example.org', area: 'force:kent' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe(fresh.body);
    const mails = await deliver();
    expect(mails.map((m) => m.to[0])).toEqual(['bob@example.org']);
    bobsLink = tokenOf(mails[0]!.text, '/alerts/confirm');
  });

  it('answers a request from a Welsh page in Welsh, and refuses a language the site does not have', async () => {
    const res = await subscribe({ email: 'bob@example.org', area: 'force:kent', locale: 'cy' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(
      MESSAGES.cy['alerts.subscribe.answer'].replace(/\{hours, plural,[^]*\}\}/, '48 awr'),
    );
    expect(res.json().message).toMatch(/^Diolch\. /);
    const french = await subscribe({ email: 'bob@example.org', area: 'force:kent', locale: 'fr' });
    expect(french.statusCode).toBe(400);
    // Bob's second request is mailed too (in Welsh); he never confirms either.
    const mails = await deliver();
    expect(mails.map((m) => m.headers.subject)).toEqual([
      'Cadarnhewch eich rhybuddion gan y Cloc Troseddau ar gyfer Kent Police',
    ]);
  });

  it("keeps a Welsh subscription's language: its confirmation is Welsh and links the Welsh page", async () => {
    // The service itself, as the route calls it.
    await app.alerts!.subscribe(
      { email: 'gwen@example.org', area: 'force:kent', locale: 'cy' },
      '192.0.2.50',
    );
    const [mailed] = await deliver();
    expect(mailed!.to).toEqual(['gwen@example.org']);
    expect(mailed!.headers.subject).toBe(
      'Cadarnhewch eich rhybuddion gan y Cloc Troseddau ar gyfer Kent Police',
    );
    expect(mailed!.text).toContain('I gadarnhau, agorwch y dudalen hon');
    expect(mailed!.text).not.toMatch(/To confirm|The link works|hours/);
    const token = tokenOf(mailed!.text, '/cy/alerts/confirm');
    expect(await app.alerts!.confirm(token)).toEqual({ area: 'force:kent', label: 'Kent Police' });
    const [row] = await db.sequelize.query<{ locale: string }>(
      "SELECT locale FROM alert_subscriptions WHERE confirmed_at IS NOT NULL AND locale = 'cy'",
      { type: QueryTypes.SELECT },
    );
    expect(row?.locale).toBe('cy');
  });

  it('mails each confirmed subscriber once for a newly imported month, with the figures', async () => {
    kentMonth(join(dir, 'new'), NEW_MONTH);
    const imported = await importSources(db.sequelize, [join(dir, 'new')], {
      derivedTables: storeDerivedTables,
    });
    expect(imported.filesImported).toBe(1);
    expect(await app.monthNotices!.runOnce()).toEqual([NEW_MONTH]);
    expect(await app.monthNotices!.runOnce()).toEqual([]);
    const mails = await deliver();
    // Bob never confirmed: only Ann, and Gwen in Welsh.
    expect(mails.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual(['ann@example.org', 'gwen@example.org']);
    alert = mails.find((m) => m.to[0]!.toLowerCase() === 'ann@example.org')!;
    gwensAlert = mails.find((m) => m.to[0] === 'gwen@example.org')!;
    const crimes = ROWS[NEW_MONTH]!;
    expect(alert.headers.subject).toBe(`Kent Police: ${crimes} crimes recorded in July 2025`);
    expect(alert.text).toContain(`Crimes recorded: ${crimes}.`);
    expect(alert.text).toContain(`${ROWS['2025-06']} in June 2025`);
    expect(alert.text).toContain(`${ROWS['2024-07']} in July 2024`);
    expect(alert.text).toContain(`${ORIGIN}/search?type=force&force=kent&period=single&month=2025-07`);
    expect(alert.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${ORIGIN}/api/alerts/unsubscribe\\?token=`),
    );
    expect(alert.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The archive imported is marked synthetic (SYNTHETIC.txt): the mail says so before anything else.
    expect(alert.text.split(/\r?\n/)[0]).toBe(MESSAGES.en['alerts.mail.alert.synthetic']);
    expect(alert.text).toContain('Counting: all crime categories.');
    expect(tokenOf(alert.text, '/alerts/manage')).toBeTruthy();
    expect(await deliver()).toEqual([]);
  });

  it("lets the manage link see, change and stop every alert of its address, and nobody else's", async () => {
    const token = tokenOf(alert.text, '/alerts/manage');
    const manage = (method: 'GET' | 'PUT' | 'DELETE', path = '', payload?: object, withToken = token) =>
      app.inject({
        method,
        url: `/api/alerts/manage${path}?token=${encodeURIComponent(withToken)}`,
        headers: SAME_ORIGIN,
        ...(payload && { payload }),
      });
    // Ann follows a second area, chosen categories and all (the service, as the route calls it).
    await app.alerts!.subscribe(
      { email: 'ann@example.org', area: 'force:metropolitan', categories: ['robbery', 'burglary'] },
      '192.0.2.60',
    );
    const [second] = await deliver();
    await app.alerts!.confirm(tokenOf(second!.text, '/alerts/confirm'));

    const seen = await manage('GET');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().email.toLowerCase()).toBe('ann@example.org');
    const alerts = seen.json().alerts as { id: number; area: string; label: string; categories: string[] }[];
    expect(alerts.map((a) => [a.area, a.categories])).toEqual([
      ['force:kent', []],
      ['force:metropolitan', ['burglary', 'robbery']],
    ]);
    expect(alerts[0]!.label).toBe('Kent Police');
    const [kent, met] = alerts as [(typeof alerts)[0], (typeof alerts)[0]];

    const changed = await manage('PUT', `/${kent.id}`, { categories: ['vehicle-crime'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: kent.id, area: 'force:kent', categories: ['vehicle-crime'] });
    const unknown = await manage('PUT', `/${kent.id}`, { categories: ['arson?'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_CATEGORIES');
    expect((await app.alerts!.confirmed()).find((c) => c.id === kent.id)?.categories).toEqual([
      'vehicle-crime',
    ]);
    // Back to every category, which the monthly mail then says.
    expect((await manage('PUT', `/${kent.id}`, { categories: [] })).json().categories).toEqual([]);

    // Gwen's alert is not Ann's to see or stop; a pending (unconfirmed) token reaches nothing.
    const [gwens] = await db.sequelize.query<{ id: number }>(
      "SELECT id FROM alert_subscriptions WHERE locale = 'cy' AND confirmed_at IS NOT NULL",
      { type: QueryTypes.SELECT },
    );
    expect((await manage('DELETE', `/${gwens!.id}`)).statusCode).toBe(404);
    expect((await manage('GET', '', undefined, bobsLink)).statusCode).toBe(404);
    expect((await manage('GET', '', undefined, 'nope')).json().code).toBe('UNKNOWN_TOKEN');

    const stopped = await manage('DELETE', `/${met.id}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(((await manage('GET')).json().alerts as { area: string }[]).map((a) => a.area)).toEqual([
      'force:kent',
    ]);
    expect(await count(`id = ${Number(gwens!.id)}`)).toBe(1);
  });

  it("words a Welsh subscriber's alert in Welsh: months, figures, links to the Welsh pages", async () => {
    const crimes = ROWS[NEW_MONTH]!;
    expect(gwensAlert.headers.subject).toBe(
      `Kent Police: cofnodwyd ${crimes} o droseddau ym mis Gorffennaf 2025`,
    );
    expect(gwensAlert.headers['content-language']).toBe('cy');
    expect(gwensAlert.text).toContain(`Troseddau a gofnodwyd: ${crimes}.`);
    expect(gwensAlert.text).toContain(`${ROWS['2025-06']} ym mis Mehefin 2025`);
    expect(gwensAlert.text).toContain(`${ROWS['2024-07']} ym mis Gorffennaf 2024`);
    expect(gwensAlert.text).toContain(
      `${ORIGIN}/cy/search?type=force&force=kent&period=single&month=2025-07`,
    );
    expect(gwensAlert.text).not.toMatch(
      /Crimes recorded|Month before|A year earlier|See the search|Stop these/,
    );
    // She leaves from the Welsh unsubscribe page the mail links to.
    const token = tokenOf(gwensAlert.text, '/cy/alerts/unsubscribe');
    await app.alerts!.unsubscribe(token);
    expect(await count("locale = 'cy' AND confirmed_at IS NOT NULL")).toBe(0);
  });

  it('unsubscribes with the RFC 8058 POST a mail provider sends: form-encoded, no Origin', async () => {
    const url = /^<([^>]+)>$/.exec(alert.headers['list-unsubscribe']!)![1]!;
    const res = await app.inject({
      method: 'POST',
      url: url.slice(ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('confirmed_at IS NOT NULL')).toBe(0);
    // Other posts still need the page's Origin.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/alerts/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=x',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('holds the limits under parallel requests: 3 an hour per sender, 3 a day per email', async () => {
    const fromOne = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        subscribe({ email: `p${i}@example.org`, area: 'force:kent' }, '203.0.113.77'),
      ),
    );
    expect(fromOne.filter((r) => r.statusCode === 202)).toHaveLength(3);
    expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(7);
    // Bob's two requests are still pending.
    expect(await count("area = 'force:kent' AND confirmed_at IS NULL")).toBe(2 + 3);

    const toOne = await Promise.all(
      Array.from({ length: 10 }, () => subscribe({ email: 'carol@example.org', area: 'force:kent' })),
    );
    // The same answer to every one of them; only three are stored and mailed.
    expect(toOne.every((r) => r.statusCode === 202)).toBe(true);
    expect(await count("area = 'force:kent' AND confirmed_at IS NULL")).toBe(2 + 3 + 3);
    const mails = await deliver();
    expect(mails.filter((m) => m.to[0] === 'carol@example.org')).toHaveLength(3);
  });

  it('shows admins the counts only, and sweeps requests left unconfirmed for 48 hours', async () => {
    expect(await app.alerts!.counts()).toEqual({
      pending: 8,
      confirmed: 0,
      areas: 0,
      undeliveredConfirmations: 0,
      lastConfirmationError: null,
    });
    clock.advance(49 * 60 * 60_000);
    await app.monthNotices!.runOnce();
    expect(await count()).toBe(0);
    const late = await app.inject({
      method: 'POST',
      url: '/api/alerts/confirm',
      headers: SAME_ORIGIN,
      payload: { token: bobsLink },
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('UNKNOWN_TOKEN');
  });

  it('reseals subscriptions after a SECRET_KEY rotation, the email hash with them', async () => {
    const oldKey = secretKeyFromHex(TEST_SECRET_HEX, 'old');
    const newKey = secretKeyFromHex('b2'.repeat(32), 'new');
    const service = (box: ReturnType<typeof createSecretBox>, key: Buffer) =>
      createAlertsService({
        sequelize: db.sequelize,
        secretBox: box,
        secretKey: key,
        outbox: mail.outbox,
        mailServerConfigured: async () => true,
        limiter: createRateLimiter({
          counters: windowCounters(db.sequelize),
          local: composeCaches({}).rateCounts,
          now: clock.now,
        }),
        hashAddress: (address) => `h:${address}`,
        resolveArea: async (area) => ({ area, label: 'Kent Police' }),
        now: clock.now,
      });
    const before = service(createSecretBox(oldKey), oldKey.key);
    await before.subscribe({ email: 'dan@example.org', area: 'force:kent' }, '192.0.2.1');
    const [{ id }] = (await db.sequelize.query<{ id: number }>('SELECT id FROM alert_subscriptions', {
      type: QueryTypes.SELECT,
    })) as [{ id: number }];
    const hashBefore = await db.sequelize.query<{ email_hash: string }>(
      'SELECT email_hash FROM alert_subscriptions',
      {
        type: QueryTypes.SELECT,
      },
    );

    const after = service(createSecretBox(newKey, [oldKey]), newKey.key);
    expect(await after.reencryptWithCurrentKey()).toBe(1);
    expect(await after.reencryptWithCurrentKey()).toBe(0);
    // Readable without the old key now, and found by the new key's hash.
    const newOnly = service(createSecretBox(newKey), newKey.key);
    expect((await newOnly.recipient(Number(id), false))?.email).toBe('dan@example.org');
    const hashAfter = await db.sequelize.query<{ email_hash: string }>(
      'SELECT email_hash FROM alert_subscriptions',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(hashAfter[0]!.email_hash).not.toBe(hashBefore[0]!.email_hash);
    await newOnly.unsubscribe((await newOnly.recipient(Number(id), false))!.token);
    expect(await count()).toBe(0);
  });

  it('serves an Atom feed per area: one entry per month held, newest first, cached by data version', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/areas/force:kent/feed.atom' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = parseDocument(res.body, { xmlMode: true });
    const feed = doc.children.find((n) => 'name' in n && n.name === 'feed') as unknown as Element;
    expect(feed).toBeDefined();
    expect(feed.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
    const childrenNamed = (node: Element, name: string) =>
      node.children.filter((c): c is Element => 'name' in c && (c as Element).name === name);
    const text = (node: Element, name: string) => {
      const [child] = childrenNamed(node, name);
      return child ? child.children.map((c) => ('data' in c ? String(c.data) : '')).join('') : undefined;
    };
    for (const required of ['id', 'title', 'updated']) expect(text(feed, required), required).toBeTruthy();
    expect(childrenNamed(feed, 'author')).toHaveLength(1);
    const entries = childrenNamed(feed, 'entry');
    const months = [...HELD, NEW_MONTH].reverse();
    expect(entries).toHaveLength(months.length);
    entries.forEach((entry, i) => {
      for (const required of ['id', 'title', 'updated']) expect(text(entry, required), required).toBeTruthy();
      expect(Number.isNaN(Date.parse(text(entry, 'updated')!))).toBe(false);
      expect(text(entry, 'title')).toContain(`${ROWS[months[i]!]} crimes`);
      expect(childrenNamed(entry, 'link')[0]!.attribs.href).toContain(`month=${months[i]}`);
    });
    expect(new Set(entries.map((e) => text(e, 'id'))).size).toBe(entries.length);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await app.inject({
      method: 'GET',
      url: '/api/areas/force%3Akent/feed.atom',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const welsh = await app.inject({ method: 'GET', url: '/api/areas/force:kent/feed.atom?lang=cy' });
    expect(welsh.statusCode, welsh.body).toBe(200);
    expect(welsh.headers['content-language']).toBe('cy');
    expect(welsh.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="cy">');
    expect(res.headers['content-language']).toBe('en');
    expect(
      (await app.inject({ method: 'GET', url: '/api/areas/force:kent/feed.atom?lang=fr' })).statusCode,
    ).toBe(400);

    for (const area of ['force:nowhere', 'neighbourhood:kent:NOPE', 'nothing'])
      expect(
        (await app.inject({ method: 'GET', url: `/api/areas/${area}/feed.atom` })).statusCode,
        area,
      ).toBe(404);
  });

  it('words the feed in the language asked for: Welsh months and words, links to the Welsh pages', async () => {
    const postcodes = createPostcodeService({ sequelize: db.sequelize });
    const policeClock = createPoliceClockService({ sequelize: db.sequelize });
    const search = createSearchService({
      sequelize: db.sequelize,
      postcodes,
      policeClock,
      areaClocks: new Map(),
      now: clock.now,
    });
    const feeds = createAreaFeedService({ sequelize: db.sequelize, search, origin: ORIGIN });
    const crimes = ROWS[NEW_MONTH]!;

    const cy = await feeds.feed('force:kent', 'cy');
    expect(cy).toContain('xml:lang="cy"');
    // The test's archive is the synthetic sample's kind, and the feed says so in every title.
    expect(cy).toContain(
      `<title>Kent Police: ${crimes} o droseddau ym mis Gorffennaf 2025 (data sampl synthetig)</title>`,
    );
    expect(cy).toContain(
      `href="${ORIGIN}/cy/search?type=force&amp;force=kent&amp;period=single&amp;month=2025-07"`,
    );
    expect(cy).toContain(`href="${ORIGIN}/api/areas/force%3Akent/feed.atom?lang=cy"`);
    expect(cy).toContain('<name>Cloc Troseddau</name>');
    expect(cy).not.toMatch(/crimes in|recorded by the police|Crime Clock/);

    const en = await feeds.feed('force:kent', 'en');
    expect(en).toContain('xml:lang="en"');
    expect(en).toContain(`<title>Kent Police: ${crimes} crimes in July 2025 (synthetic sample data)</title>`);
    expect(en).toContain(
      `href="${ORIGIN}/search?type=force&amp;force=kent&amp;period=single&amp;month=2025-07"`,
    );
    expect(en).not.toContain('/cy/');
    // Each language's entries are its own: a reader of both keeps both.
    const ids = (xml: string) => [...xml.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids(cy).filter((id) => ids(en).includes(id))).toEqual([]);
  });
});

describe.each(testDialects)('alerts without a working mail server on %s', (dialect) => {
  let db: TestDatabase;
  let withMail: App;
  let withoutMail: App;
  const ask = (target: App) =>
    target.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: SAME_ORIGIN,
      remoteAddress: '198.51.100.9',
      payload: { email: 'ann@example.org', area: 'force:kent' },
    });
  const config = async (target: App) =>
    (await target.inject({ method: 'GET', url: '/api/config' })).json().alerts;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const options = {
      config: parseConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }),
      sequelize: db.sequelize,
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      monthNoticesLoop: false,
    };
    withMail = await buildApp({ ...options, mail: { allowedPorts: [25, 587] } });
    withoutMail = await buildApp(options);
  });
  afterAll(async () => {
    await withMail?.close();
    await withoutMail?.close();
    await db?.drop();
  });

  it('answers 503 EMAIL_UNAVAILABLE, and GET /api/config says email is off, until a mail server is set up', async () => {
    for (const target of [withMail, withoutMail]) {
      const res = await ask(target);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'EMAIL_UNAVAILABLE',
        status: 503,
        type: expect.stringMatching(/\/developers#error-EMAIL_UNAVAILABLE$/),
      });
      expect(res.json().error).toMatch(/Atom feed/);
      expect(await config(target)).toEqual({ email: false });
    }
    const stored = await db.sequelize.query('SELECT id FROM alert_subscriptions', {
      type: QueryTypes.SELECT,
    });
    expect(stored).toEqual([]);
  });

  it('says email is on once SMTP settings are saved, and counts the confirmations that fail to send', async () => {
    // A port nothing listens on: the mail server refuses every connection.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }),
      sequelize: db.sequelize,
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      mail: { allowedPorts: [closed] },
      monthNoticesLoop: false,
    });
    try {
      await app.mail!.smtpSettings.save({
        host: '127.0.0.1',
        port: closed,
        user: '',
        pass: '',
        fromEmail: 'alerts@crime-clock.example',
        adminEmail: 'admin@crime-clock.example',
      });
      expect(await config(app)).toEqual({ email: true });
      expect((await app.alerts!.counts()).undeliveredConfirmations).toBe(0);
      // A subscription made by a service of the same key over a stand-in area (this store holds
      // no police data for the search to resolve one): its confirmation waits in the app's outbox.
      const key = secretKeyFromHex(TEST_SECRET_HEX, 'test key');
      await createAlertsService({
        sequelize: db.sequelize,
        secretBox: createSecretBox(key),
        secretKey: key.key,
        outbox: app.mail!.outbox,
        mailServerConfigured: async () => true,
        limiter: createRateLimiter({
          counters: windowCounters(db.sequelize),
          local: composeCaches({}).rateCounts,
        }),
        hashAddress: (address) => `h:${address}`,
        resolveArea: async (area) => ({ area, label: 'Kent Police' }),
      }).subscribe({ email: 'ann@example.org', area: 'force:kent' }, '192.0.2.1');
      const round = await app.mail!.worker.runOnce();
      expect(round.sent).toBe(0);
      const after = await app.alerts!.counts();
      expect(after.undeliveredConfirmations).toBe(1);
      expect(after.lastConfirmationError).toBeTruthy();
      const admin = await app.inject({ method: 'GET', url: '/api/admin/alerts' });
      // Admin only: the dashboard reads it signed in.
      expect(admin.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

type Element = { name: string; attribs: Record<string, string>; children: (Element | { data: unknown })[] };
