import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID, cellBounds, cellOf } from '../../../common/geo/grid.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { forceArea } from './area-force.ts';
import { searchAggregates } from './derived-tables.ts';

/**
 * A force without neighbourhood boundaries is centred on the crime-weighted middle of the grid
 * cells of its latest month. Two crimes in two cells one above the other put the middle half a
 * cell between them, on both databases (SQLite once divided the sums as integers and lost it).
 */
describe.each(testDialects)('the centre of a force without neighbourhoods on %s', (dialect) => {
  let db: TestDatabase;
  const lower = cellOf(52.1012, -3.5013)!;
  const upper = lower + GRID.columns;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const crime = (cell: number, ref: string) => {
      const b = cellBounds(cell);
      return {
        force_id: 'dyfed-powys',
        month: 202401,
        category: 1,
        crime_ref: ref,
        lat: (b.minLat + b.maxLat) / 2,
        lng: (b.minLng + b.maxLng) / 2,
        cell,
        street: 'On or near High Street',
        lsoa_code: 'W01000001',
        outcome: null,
      };
    };
    await db.sequelize.getQueryInterface().bulkInsert('crimes', [crime(lower, 'a'), crime(upper, 'b')]);
    await db.sequelize.transaction((transaction) =>
      searchAggregates.refresh(db.sequelize, transaction, 'dyfed-powys', 202401),
    );
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('lies half way between the two cells', async () => {
    const { centre } = await forceArea(db.sequelize, 'dyfed-powys');
    const row = Math.floor(lower / GRID.columns) + 0.5;
    const column = lower % GRID.columns;
    expect(centre.lat).toBeCloseTo(GRID.originLat + (row + 0.5) * GRID.cellLat, 9);
    expect(centre.lng).toBeCloseTo(GRID.originLng + (column + 0.5) * GRID.cellLng, 9);
  });
});
