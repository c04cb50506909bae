import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundled from '../../../common/survey/csew-figures.json' with { type: 'json' };
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import type { App } from '../app.ts';

const newer = () => {
  const doc = JSON.parse(JSON.stringify(bundled)) as typeof bundled;
  doc.dataYear = 'year ending June 2025';
  doc.nextUpdateDate = '2099-01-22';
  doc.incidents[0]!.annualCount = 5_000_000;
  return doc;
};

describe.each(testDialects)('survey figures replaced without a release, on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let cookie: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    await createTestAdmin(db.sequelize);
    cookie = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const clock = async () => (await app.inject({ method: 'GET', url: '/api/csew-clock' })).json();
  const upload = (payload: unknown, cookies = cookie) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/csew-figures',
      headers: SAME_ORIGIN,
      cookies,
      payload: payload as object,
    });
  /** The admin's DELETE: back to the shipped figures. */
  const resetFigures = () =>
    app.inject({ method: 'DELETE', url: '/api/admin/csew-figures', headers: SAME_ORIGIN, cookies: cookie });

  it('serves the shipped figures, and says when their next release date has passed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/csew-figures', cookies: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shipped: true, newerReleaseMayExist: true, uploadedAt: null });
    expect((await clock()).definition.meta.nextUpdateDate).toBe(bundled.nextUpdateDate);
  });

  it('refuses anonymous uploads and wrong documents, changing nothing', async () => {
    const before = (await clock()).version;
    expect((await upload(newer(), {})).statusCode).toBe(401);
    const wrong = newer();
    (wrong.incidents[2] as { annualCount: unknown }).annualCount = 'many';
    const res = await upload(wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/incidents\[2\]\.annualCount/);
    expect((await upload([1, 2])).statusCode).toBe(400);
    expect((await clock()).version).toBe(before);
  });

  it('uses uploaded figures for the clock at once, and goes back to the shipped ones', async () => {
    const shipped = await clock();
    const res = await upload(newer());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shipped: false, uploadedBy: 'admin', newerReleaseMayExist: false });
    const now = await clock();
    expect(now.version).not.toBe(shipped.version);
    expect(now.definition.categories[0].annualCount).toBe(5_000_000);
    expect(now.definition.meta.dataSource).toContain('year ending June 2025');

    expect((await resetFigures()).statusCode).toBe(200);
    expect((await clock()).version).toBe(shipped.version);
  });

  it("takes the figures' Welsh, or none, and refuses a wrong Welsh block naming its field", async () => {
    const welsh = newer();
    welsh.cy = { ...welsh.cy, surveyNote: 'Nodyn newydd am yr arolwg.' };
    const res = await upload(welsh);
    expect(res.statusCode).toBe(200);
    expect(res.json().figures.cy.surveyNote).toBe('Nodyn newydd am yr arolwg.');
    const withWelsh = await clock();
    expect(withWelsh.definition.meta.survey.cy.note).toBe('Nodyn newydd am yr arolwg.');

    const tooFew = newer();
    tooFew.cy.prevalenceWarnings = tooFew.cy.prevalenceWarnings.slice(1);
    const refused = await upload(tooFew);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CSEW_FIGURES' });
    expect(refused.json().error).toMatch(/: cy\.prevalenceWarnings: must be a list of 3/);
    expect((await clock()).version).toBe(withWelsh.version);

    // A document from before the Welsh block is still taken; the clock then has no Welsh.
    const older: Record<string, unknown> = newer();
    delete older.cy;
    expect((await upload(older)).statusCode).toBe(200);
    expect((await clock()).definition.meta.survey).not.toHaveProperty('cy');
    expect((await resetFigures()).statusCode).toBe(200);
  });

  it('is replaced from the shell too, refusing a wrong file with the field named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csew-cli-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(newer()));
    writeFileSync(bad, JSON.stringify({ ...newer(), source: { ...newer().source, url: 'ftp://x' } }));
    const run = (arg: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/survey/cli.ts', arg], {
        env: { ...process.env, DATABASE_URL: db.url },
        encoding: 'utf8',
      });
    const refused = run(bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/source\.url.*Nothing was changed/);
    const accepted = run(good);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/now uses/);
    expect((await clock()).definition.categories[0].annualCount).toBe(5_000_000);
    expect(run('--shipped').status).toBe(0);
    expect((await clock()).definition.categories[0].annualCount).toBe(bundled.incidents[0]!.annualCount);
  }, 60_000);
});
