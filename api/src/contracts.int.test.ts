import { authenticatorCode } from '../../tests/support/authenticator.ts';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as admin from '../../common/contracts/admin.ts';
import * as alerts from '../../common/contracts/alerts.ts';
import * as apiKeys from '../../common/contracts/api-keys.ts';
import * as auth from '../../common/contracts/auth.ts';
import * as clocks from '../../common/contracts/clocks.ts';
import * as csewFigures from '../../common/contracts/csew-figures.ts';
import * as dataStatus from '../../common/contracts/data-status.ts';
import * as email from '../../common/contracts/email.ts';
import * as forces from '../../common/contracts/forces.ts';
import {
  endpointUrl,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '../../common/contracts/endpoint.ts';
import { ErrorBody } from '../../common/contracts/errors.ts';
import * as health from '../../common/contracts/health.ts';
import * as keyRequests from '../../common/contracts/key-requests.ts';
import { ENDPOINTS } from '../../common/contracts/index.ts';
import * as oembed from '../../common/contracts/oembed.ts';
import * as partner from '../../common/contracts/partner.ts';
import * as postcodes from '../../common/contracts/postcodes.ts';
import * as search from '../../common/contracts/search.ts';
import * as webhooks from '../../common/contracts/webhooks.ts';
import { DEFAULT_PAGE_SIZE } from '../../common/search/types.ts';
import { BUNDLED_CSEW_FIGURES } from '../../common/survey/csew-data.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../tests/support/database.ts';
import { buildAdminTestApp, cookieFrom, SAME_ORIGIN } from '../../tests/support/admin-app.ts';
import { createAdminUserService } from './admin/users.ts';
import type { App } from './app.ts';
import type { SecretBox } from '../../server-common/security/secret-box.ts';
import { startTeamPoliceApi } from '../../tests/support/police-api/neighbourhood-team.ts';
import type { PoliceApiDouble } from '../../tests/support/police-api/double.ts';
import {
  CENTRE,
  CENTRE_POSTCODE,
  NEIGHBOURHOOD_ID,
  loadFixture,
} from '../../tests/support/search-fixture.ts';

/**
 * The real app's answers against common/contracts, the schemas the UI is typed from: every
 * endpoint on contract is served, and answers its success status with a body its schema accepts
 * and that carries no field the schema does not name. A route that drifts from its contract (or a
 * contract nobody serves) fails here even where Fastify does not serialize with the schema.
 */

/** The body, checked against the schema: no error, and nothing the schema would not keep. */
function expectToMatch(schema: TSchema, body: unknown) {
  expect(Value.Errors(schema, body).map((e) => `${e.instancePath || '/'} ${e.message}`)).toEqual([]);
  expect(Value.Clean(schema, structuredClone(body))).toEqual(body);
}

const successStatus = (endpoint: Endpoint) =>
  Number(Object.keys(endpoint.response).find((status) => Number(status) < 300));

describe.each(testDialects)('the API answers to its contracts on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let police: PoliceApiDouble;
  let cookies: Record<string, string> = {};
  let secretBox: SecretBox;
  const checked = new Set<Endpoint>();

  /** Calls the endpoint as the UI does, checks the answer against the contract and returns it. */
  async function answer<E extends Endpoint>(endpoint: E, request?: RequestOf<E>): Promise<ResponseOf<E>> {
    const res = await app.inject({
      method: endpoint.method,
      url: endpointUrl(endpoint, request),
      headers: SAME_ORIGIN,
      cookies,
      ...((request as { body?: object } | undefined)?.body !== undefined
        ? { payload: (request as { body: object }).body }
        : {}),
    });
    expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBe(successStatus(endpoint));
    const body = res.json();
    expectToMatch(endpoint.response[res.statusCode]!, body);
    checked.add(endpoint);
    return body as ResponseOf<E>;
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    // The police teams come from data.police.uk: its test double, never the real service.
    police = await startTeamPoliceApi();
    ({ app, secretBox } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { POLICE_API_URL: police.baseUrl },
      webhooks: {},
    }));
    await createAdminUserService({
      sequelize: db.sequelize,
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
    }).create('admin', 'admin password');
  });
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await db?.drop();
  });

  it('serves every endpoint on contract', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const url = endpoint.path;
      expect(app.hasRoute({ method: endpoint.method, url }), `${name}: ${endpoint.method} ${url}`).toBe(true);
    }
  });

  it('public endpoints', async () => {
    expect((await answer(health.GetHealth)).status).toBe('ok');
    await answer(health.GetClientConfig);
    await answer(email.SendContactMessage, {
      body: { name: 'Ann', email: 'ann@example.org', message: 'Hello there', timestamp: null },
    });
    await answer(email.SendDataIssueReport, { body: { issue: 'A wrong figure', page: 'CSEW Crime Clock' } });
    const survey = await answer(clocks.GetCsewClock);
    expect(survey.prevalence).toBeDefined();
    // The facts pages word in their language travel beside the English (not dropped as unknown).
    expect(survey.definition.meta.nextEditionYearEnding).toMatch(/^\d{4}-\d{2}$/);
    expect((await answer(clocks.GetPoliceClock)).definition.meta.paceMonths).toBeGreaterThan(0);
    const found = await answer(search.SearchCrimes, {
      body: { searchType: 'radius', postcode: CENTRE_POSTCODE },
    });
    expect(found.data.length).toBeGreaterThan(0);
    // The area's clock rides along (clockData), checked against the clocks' own contract.
    expect(found.clockData?.definition.meta.areaName).toBe(found.dataInfo.area.label);
    expect(found.clockData?.definition.meta.paceMonths).toBeGreaterThan(0);
    // A neighbourhood's own name travels beside the English label (the response schema keeps it).
    const ward = await answer(search.SearchCrimes, {
      body: { searchType: 'neighbourhood', forceId: 'metropolitan', neighbourhoodId: NEIGHBOURHOOD_ID },
    });
    expect(ward.dataInfo.area.neighbourhoodName).toBe('L-shaped Ward');
    expect(found.dataInfo.area).not.toHaveProperty('neighbourhoodName');
    // So does the national one, for the search over the whole store.
    const national = await answer(search.SearchCrimes, { body: { searchType: 'default' } });
    expect(national.clockData?.clock).toBe('police');
    const { forces: list } = await answer(forces.ListForces);
    expect(list.some((force) => force.hasData)).toBe(true);
    await answer(forces.ListNeighbourhoods, { params: { forceId: 'metropolitan' } });
    expect((await answer(search.GetAvailableDates)).dates.length).toBeGreaterThan(0);
    expect((await answer(dataStatus.GetDataStatus)).latestMonth).not.toBeNull();
    // inject's requests name the host localhost:80 (PUBLIC_ORIGIN unset here).
    const embed = await answer(oembed.GetOEmbed, { query: { url: 'http://localhost:80/crime-clock' } });
    expect(embed.type).toBe('rich');
    const criteria = { searchType: 'radius', postcode: CENTRE_POSTCODE } as const;
    const map = await answer(search.GetSearchMap, { query: criteria });
    const mark = map.marks[0]!;
    expect((await answer(search.GetMarkCrimes, { query: { ...criteria, mark: mark.id } })).data).toHaveLength(
      Math.min(mark.total, DEFAULT_PAGE_SIZE),
    );
    expect((await answer(postcodes.AutocompletePostcodes, { query: { q: 'SW1A' } })).result).toContain(
      CENTRE_POSTCODE,
    );
    expect(await answer(postcodes.LookUpPostcode, { params: { postcode: CENTRE_POSTCODE } })).toMatchObject({
      latitude: CENTRE.lat,
      longitude: CENTRE.lng,
    });
    await answer(forces.SearchStops, { query: { lat: CENTRE.lat, lng: CENTRE.lng } });
    await answer(forces.SearchStops, { query: { force: 'metropolitan' } });
    expect(
      (await answer(forces.GetForcePeople, { params: { forceId: 'metropolitan' } })).members,
    ).not.toEqual([]);
    await answer(forces.GetNeighbourhoodPeople, {
      params: { forceId: 'metropolitan', neighbourhoodId: NEIGHBOURHOOD_ID },
    });
    await answer(clocks.GetAreaClock, { query: { area: 'force:metropolitan' } });
    await answer(clocks.GetClockDataVersion);

    // Alerts are mailed only with a mail server set up (none listens there: nothing is sent here).
    await app.mail!.smtpSettings.save({
      host: '127.0.0.1',
      port: '2525',
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
    });
    await answer(alerts.SubscribeToAlerts, {
      body: { email: 'ann@example.org', area: 'force:metropolitan', categories: ['burglary'] },
    });
    // The token travels only in the mail: read here from the stored, sealed copy.
    const [{ token_enc }] = (await db.sequelize.query('SELECT token_enc FROM alert_subscriptions', {
      type: QueryTypes.SELECT,
    })) as [{ token_enc: string }];
    const token = secretBox.decrypt(token_enc);
    expect(await answer(alerts.ConfirmAlert, { body: { token } })).toMatchObject({
      area: 'force:metropolitan',
    });
    const managed = await answer(alerts.GetManagedAlerts, { query: { token } });
    const id = managed.alerts[0]!.id;
    await answer(alerts.UpdateManagedAlert, { params: { id }, query: { token }, body: { categories: [] } });
    await answer(alerts.DeleteManagedAlert, { params: { id }, query: { token } });
    await answer(alerts.UnsubscribeFromAlerts, { query: { token } });
  });

  it('sign-in and the admin endpoints', async () => {
    cookies = {};
    expect(await answer(auth.AdminCheck)).toEqual({ isAdmin: false });
    const res = await app.inject({
      method: 'POST',
      url: auth.AdminLogin.path,
      headers: SAME_ORIGIN,
      payload: { username: 'admin', password: 'admin password' },
    });
    expectToMatch(auth.AdminLogin.response[200], res.json());
    checked.add(auth.AdminLogin);
    cookies = { cc_session: cookieFrom(res.headers, 'cc_session')! };
    expect(await answer(auth.AdminCheck)).toMatchObject({ isAdmin: true });

    await answer(admin.GetSystem);
    await answer(admin.GetImports);
    await answer(alerts.GetAlertCounts);
    const { messages } = await answer(admin.ListMessages, { query: { limit: 10 } });
    expect(messages.length).toBe(2);
    await answer(admin.RetryMessage, { params: { id: messages[0]!.id } });
    await answer(admin.ListSecurityLog, { query: {} });

    await answer(admin.GetSecondFactor);
    const { secret } = await answer(admin.SetUpSecondFactor);
    const { recoveryCodes } = await answer(admin.ConfirmSecondFactor, {
      body: { code: authenticatorCode(secret), password: 'admin password' },
    });
    await answer(admin.DisableSecondFactor, { body: { code: recoveryCodes[0]! } });

    await answer(apiKeys.ListApiKeys);
    const created = await answer(apiKeys.CreateApiKey, { body: { name: 'Partner', domain: 'example.org' } });
    const search = await app.inject({
      method: 'POST',
      url: partner.PartnerSearch.path,
      headers: { 'x-api-key': created.apiKey },
      payload: { postcode: CENTRE_POSTCODE },
    });
    expect(search.statusCode, search.body).toBe(200);
    expectToMatch(partner.PartnerSearch.response[200], search.json());
    checked.add(partner.PartnerSearch);
    const registered = await app.inject({
      method: 'PUT',
      url: webhooks.PutWebhook.path,
      headers: { 'x-api-key': created.apiKey },
      payload: { url: 'https://hooks.example.org/crime-clock' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expectToMatch(webhooks.PutWebhook.response[200], registered.json());
    checked.add(webhooks.PutWebhook);
    await answer(webhooks.ListWebhookDeliveries, { params: { id: created.key.id } });
    const removed = await app.inject({
      method: 'DELETE',
      url: webhooks.DeleteWebhook.path,
      headers: { 'x-api-key': created.apiKey },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectToMatch(webhooks.DeleteWebhook.response[200], removed.json());
    checked.add(webhooks.DeleteWebhook);
    await answer(apiKeys.RevokeApiKey, { params: { id: created.key.id } });
    expect((await answer(apiKeys.ListApiKeys)).apiKeys).toHaveLength(1);

    const partnerForm = {
      name: 'Ada',
      email: 'ada@example.org',
      organisation: 'News',
      intendedUse: 'Figures',
    };
    await answer(keyRequests.RequestApiKey, { body: partnerForm });
    await answer(keyRequests.RequestApiKey, { body: { ...partnerForm, email: 'bo@example.org' } });
    const [second, first] = (await answer(keyRequests.ListKeyRequests)).requests;
    await answer(keyRequests.ApproveKeyRequest, { params: { id: first!.id }, body: {} });
    await answer(keyRequests.DeclineKeyRequest, { params: { id: second!.id } });
    const [approval] = await db.sequelize.query<{ payload: string }>(
      "SELECT payload FROM outbox WHERE kind = 'key-approved'",
      { type: QueryTypes.SELECT },
    );
    await answer(keyRequests.RevealApiKey, { body: { token: JSON.parse(approval!.payload).token } });

    await answer(email.GetSmtpSettings);
    const settings = {
      host: '127.0.0.1',
      port: '2525',
      user: '',
      pass: '',
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
      secure: false,
    };
    await answer(email.SaveSmtpSettings, { body: settings });
    // Nothing listens there: a failed connection is still a 200 with its reason.
    expect(await answer(email.TestSmtpSettings, { body: settings })).toMatchObject({ success: false });

    await answer(csewFigures.GetCsewFigures);
    await answer(csewFigures.ReplaceCsewFigures, { body: { ...BUNDLED_CSEW_FIGURES } });
    expect(await answer(csewFigures.RevertCsewFigures)).toMatchObject({ shipped: true });

    await answer(auth.AdminLogout);
  });

  it('errors answer with the one error body', async () => {
    cookies = {};
    const res = await app.inject({ method: 'GET', url: admin.GetSystem.path });
    expect(res.statusCode).toBe(401);
    expectToMatch(ErrorBody, res.json());
    const invalid = await app.inject({
      method: 'POST',
      url: auth.AdminLogin.path,
      headers: SAME_ORIGIN,
      payload: { username: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expectToMatch(ErrorBody, invalid.json());
  });

  it('has checked an answer of every endpoint on contract', () => {
    const unchecked = Object.entries(ENDPOINTS)
      .filter(([, endpoint]) => !checked.has(endpoint))
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
  });
});
