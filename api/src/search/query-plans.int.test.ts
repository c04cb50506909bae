import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { createPostcodeService } from '../postcodes/postcode-service.ts';
import { createPoliceClockService } from '../clocks/police-clock-service.ts';
import { createSearchService } from './search-service.ts';
import { CENTRE_POSTCODE, NEIGHBOURHOOD_ID, loadFixture } from '../../../tests/support/search-fixture.ts';

/**
 * The statements a search really sends to `crimes` (captured from the service, not written out
 * here) must each be an index search, never a scan of the table: `crimes` is the one table that
 * grows with every month of every force. SQLite only, whose planner answers the same way for a
 * small store as for a large one when the index fits the WHERE clause.
 */
describe('query plans of the searches on sqlite', () => {
  let db: TestDatabase;
  const statements: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await loadFixture(db.sequelize);
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function statementsOf(run: (search: ReturnType<typeof createSearchService>) => Promise<unknown>) {
    statements.length = 0;
    const logged = openDatabase({
      url: db.url,
      log: (sql) => statements.push(sql.replace(/^Executing \([^)]*\): /, '')),
    });
    try {
      await run(
        createSearchService({
          sequelize: logged,
          postcodes: createPostcodeService({ sequelize: logged }),
          policeClock: createPoliceClockService({ sequelize: logged }),
          areaClocks: new Map(),
        }),
      );
    } finally {
      await logged.close();
    }
    return [...statements];
  }

  async function crimesStatementsOf(
    run: (search: ReturnType<typeof createSearchService>) => Promise<unknown>,
  ) {
    return (await statementsOf(run)).filter((sql) => /\bFROM crimes\b/.test(sql));
  }

  async function planOf(sql: string): Promise<string[]> {
    const rows = await db.sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, {
      type: QueryTypes.SELECT,
    });
    return rows.map((r) => r.detail);
  }

  it.each([
    ['radius', { searchType: 'radius' as const, postcode: CENTRE_POSTCODE }],
    [
      'neighbourhood',
      { searchType: 'neighbourhood' as const, forceId: 'metropolitan', neighbourhoodId: NEIGHBOURHOOD_ID },
    ],
    ['force', { searchType: 'force' as const, forceId: 'metropolitan' }],
  ])('reads crimes of a %s search through an index', async (_name, request) => {
    const sent = await crimesStatementsOf((search) => search.search(request));
    expect(sent.length).toBeGreaterThan(0);
    for (const sql of sent) {
      const plan = await planOf(sql);
      const context = `${sql}\n${plan.join('\n')}`;
      // crimes (aliased c in some statements) is reached through a key; a SCAN would read it
      // whole. Scanning a statement's own small subquery result (SCAN page) is fine.
      expect(
        plan.some((line) => /^SEARCH (crimes|c) /.test(line)),
        context,
      ).toBe(true);
      expect(
        plan.filter((line) => /^SCAN (crimes|c)\b/.test(line)),
        context,
      ).toEqual([]);
    }
  });

  it("reads the police clock's version, which every search asks, from an index alone", async () => {
    const sent = await statementsOf((search) =>
      search.search({ searchType: 'radius', postcode: CENTRE_POSTCODE }),
    );
    const stamp = sent.filter((sql) => /COUNT\(\*\) AS months, MAX\(imported_at\)/.test(sql));
    expect(stamp.length).toBeGreaterThan(0);
    for (const sql of stamp) expect((await planOf(sql)).join('\n'), sql).toMatch(/USING COVERING INDEX/);
  });
});
