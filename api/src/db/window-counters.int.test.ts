import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { openDatabase } from './connection.ts';
import { windowCounters } from './window-counters.ts';

describe.each(testDialects)('fixed-window counters on %s', (dialect) => {
  let db: TestDatabase;
  let second: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    second = openDatabase({ url: db.url });
  });
  afterAll(async () => {
    await second?.close();
    await db?.drop();
  });

  it('gives 300 parallel hits on two connections (two API nodes) 300 distinct counts', async () => {
    const nodes = [windowCounters(db.sequelize), windowCounters(second)];
    const counts = await Promise.all(Array.from({ length: 300 }, (_, i) => nodes[i % 2]!.hit('flood', 1000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it('starts again at 1 in a new window, and after a reset', async () => {
    const counters = windowCounters(db.sequelize);
    expect(await counters.hit('a', 1000)).toBe(1);
    expect(await counters.hit('a', 1000)).toBe(2);
    expect(await counters.hit('a', 2000)).toBe(1);
    await counters.reset('a');
    expect(await counters.hit('a', 2000)).toBe(1);
    await counters.prune(3000);
    expect(await counters.hit('a', 2000)).toBe(1);
  });

  it('takes back one count of the stored window only, never below 0', async () => {
    const counters = windowCounters(db.sequelize);
    await counters.hit('r', 1000);
    await counters.hit('r', 1000);
    await Promise.all([counters.refund('r', 1000), counters.refund('r', 1000), counters.refund('r', 1000)]);
    expect(await counters.hit('r', 1000)).toBe(1);
    await counters.refund('r', 999); // an ended window: nothing to take back
    expect(await counters.hit('r', 1000)).toBe(2);
  });
});
