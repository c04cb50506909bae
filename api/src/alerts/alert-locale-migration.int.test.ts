import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../../tests/support/database.ts';
import { createMigrator } from '../db/migrate.ts';

/**
 * Migration 2026-11-26-alert-locale on a store that already holds subscriptions: the rows made
 * before there was a Welsh page keep working, in English; new rows say their language; the step
 * back removes the column and keeps the rows.
 */
describe.each(testDialects)('the alert subscriptions language column on %s', (dialect) => {
  it("gives existing subscriptions 'en', takes 'cy' for new ones, and rolls back keeping the rows", async () => {
    const db = await createTestDatabase(dialect, { migrate: false });
    const rows = () =>
      db.sequelize.query<{ area: string; locale: string }>(
        'SELECT area, locale FROM alert_subscriptions ORDER BY id',
        { type: QueryTypes.SELECT },
      );
    const insert = (n: number, extra: { column: string; value: string } | undefined) =>
      db.sequelize.query(
        `INSERT INTO alert_subscriptions
           (email_enc, email_hash, area, categories, token_hash, token_enc, created_at${extra ? `, ${extra.column}` : ''})
         VALUES (?, ?, ?, NULL, ?, ?, ?${extra ? ', ?' : ''})`,
        {
          replacements: [
            'v1:k:x',
            `hash${n}`,
            `force:f${n}`,
            `token${n}`,
            'v1:k:t',
            n,
            ...(extra ? [extra.value] : []),
          ],
        },
      );
    try {
      const migrator = createMigrator(db.sequelize);
      await migrator.up({ to: '2026-11-26-area-alerts' });
      await insert(1, undefined);
      await insert(2, undefined);

      expect((await migrator.up()).map((m) => m.name)).toContain('2026-11-26-alert-locale');
      expect(await rows()).toEqual([
        { area: 'force:f1', locale: 'en' },
        { area: 'force:f2', locale: 'en' },
      ]);
      await insert(3, { column: 'locale', value: 'cy' });
      await insert(4, undefined);
      expect((await rows()).map((r) => r.locale)).toEqual(['en', 'en', 'cy', 'en']);

      await migrator.down({ to: '2026-11-26-alert-locale' });
      const columns = await db.sequelize.getQueryInterface().describeTable('alert_subscriptions');
      expect(Object.keys(columns)).not.toContain('locale');
      expect(
        await db.sequelize.query('SELECT area FROM alert_subscriptions', { type: QueryTypes.SELECT }),
      ).toHaveLength(4);
    } finally {
      await db.drop();
    }
  });
});
