import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { openDatabase } from './connection.ts';

/**
 * The statement time limit of the API's MySQL handle: SLEEP stands in for a server that stopped
 * answering. The statement fails as "database unavailable" (so the API answers 503), and the
 * pool goes on with a fresh connection.
 */
describe.skipIf(!testDialects.includes('mysql'))('statement time limit on mysql', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('mysql');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('fails a statement that has no answer in time, as unavailable, and the handle goes on working', async () => {
    const limited = openDatabase({ url: db.url, queryTimeoutMs: 500, poolMax: 1 });
    try {
      const started = Date.now();
      const error = await limited.query('SELECT SLEEP(3)').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(error, 'the statement should have failed').toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);

      // The one pooled connection was given up; the next statement gets a new one.
      const [rows] = await limited.query('SELECT 1 + 1 AS two');
      expect(rows).toEqual([{ two: 2 }]);
      // Statements with replacements (mysql2 execute) are limited too.
      const slow = await limited.query('SELECT SLEEP(?) AS slept', { replacements: [3] }).then(
        () => 'answered',
        (err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : err),
      );
      expect(slow).toBe('unavailable');
    } finally {
      await limited.close();
    }
  });

  it('leaves statements of a handle without a limit alone', async () => {
    const [rows] = await db.sequelize.query('SELECT SLEEP(1) AS slept');
    expect(rows).toEqual([{ slept: 0 }]);
  });
});
