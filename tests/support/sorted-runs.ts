import type { BulkValue, SortedInserter } from '../../api/src/db/bulk/types.ts';

/**
 * Rows for the bulk_probe table (name, amount, ratio, flag, note) fed to a sorted inserter with
 * runs of 3 rows, in adds that straddle the runs; the sort key is (amount, ratio), without ties
 * (whose order SQLite leaves open), and null amounts sort first.
 */
export async function feedSortedRuns(inserter: SortedInserter): Promise<void> {
  const row = (name: string, amount: number | null, ratio: number): BulkValue[] => [
    name,
    amount,
    ratio,
    true,
    null,
  ];
  await inserter.add([...row('d', 4, 0.5), ...row("o'k", 2, 0.9)]);
  await inserter.add([...row('b', 2, 0.1), ...row('n', null, 0)]); // 4 staged: this run moves
  await inserter.add([...row('z', 9, 0), ...row('y', 1, 0)]);
  await inserter.add([...row('x', 1, 0.5)]); // 3 staged: the second run moves
  await inserter.add([...row('w', 0, 0)]);
  await inserter.finish(); // the rest
}

/** The names in insertion (id) order that feedSortedRuns must leave: each run sorted on its own. */
export const SORTED_RUNS_ORDER = ['n', 'b', "o'k", 'd', 'y', 'x', 'z', 'w'];
