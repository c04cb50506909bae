import type { Sequelize } from 'sequelize';
import {
  forceExclusion,
  GREATER_MANCHESTER_EXCLUSION,
  POLICE_CLOCK_DEFAULT_MONTHS,
  policeClockDefinition,
} from '../../../common/clock/police-definition.ts';
import type { CausedExclusion, ClockDefinition } from '../../../common/clock/types.ts';
import { categoryFromCode } from '../../../common/crime/categories.ts';
import { forceById } from '../../../common/police/forces.ts';
import { isCountedForce } from '../../../common/police-coverage/coverage.ts';
import { formatMonth } from '../../../common/search/months.ts';
import { inSnapshot, readRows, selectRows } from '../db/reads.ts';
import { categoryCountsBetween } from '../police-data/category-counts.ts';

export interface PoliceClockService {
  /** The police clock's definition from the store; null while the store holds no street data. */
  definition(): Promise<ClockDefinition | null>;
  /** Changes whenever an import changes the street data behind the clock; one small read. */
  stamp(): Promise<string>;
  /** Both at once, read in one snapshot: a search that answers the clock and its data version reads the stamp once. */
  current(): Promise<{ stamp: string; definition: ClockDefinition | null }>;
}

interface StoreStamp {
  months: number;
  latest: string | null;
}

/**
 * Builds the police clock from the latest months of street data in the store. The result only
 * changes when an import changes `dataset_months`, so it is cached under a cheap stamp of that
 * table and rebuilt at most once per import.
 */
export function createPoliceClockService({
  sequelize,
  months = POLICE_CLOCK_DEFAULT_MONTHS,
}: {
  sequelize: Sequelize;
  months?: number;
}): PoliceClockService {
  let cache: { stamp: string; definition: ClockDefinition | null } | undefined;

  async function build(): Promise<ClockDefinition | null> {
    const window = await selectRows<{ month: number }>(
      sequelize,
      `SELECT DISTINCT month FROM dataset_months WHERE dataset = 'street' ORDER BY month DESC LIMIT ${Number(months)}`,
    );
    if (window.length === 0) return null;
    const monthList = window.map((r) => Number(r.month));
    const latest = monthList[0]!;
    const earliest = monthList[monthList.length - 1]!;

    const [counts, reporting, knownForces, info] = await Promise.all([
      categoryCountsBetween(sequelize, earliest, latest),
      selectRows<{ force_id: string }>(
        sequelize,
        `SELECT DISTINCT force_id FROM dataset_months WHERE dataset = 'street' AND month BETWEEN :earliest AND :latest`,
        { earliest, latest },
      ),
      selectRows<{ force_id: string }>(sequelize, `SELECT DISTINCT force_id FROM dataset_months`),
      selectRows<{ synthetic: number | boolean | null; latest_import: string | Date | null }>(
        sequelize,
        `SELECT MAX(synthetic) AS synthetic, MAX(imported_at) AS latest_import FROM dataset_months
         WHERE dataset = 'street' AND month BETWEEN :earliest AND :latest`,
        { earliest, latest },
      ),
    ]);

    // The forces counted and the forces named are one list (common/police-coverage): a store filled
    // before Northern Ireland was left out still holds its rows, which are neither.
    const reportingIds = new Set(reporting.map((r) => r.force_id).filter(isCountedForce));
    const excluded: CausedExclusion[] = [];
    // Forces the store knows (e.g. through stop-and-search files) that sent no street data, and
    // the known non-reporter, are named on the page rather than silently counted as zero.
    const candidates = new Set(
      [...knownForces.map((r) => r.force_id), GREATER_MANCHESTER_EXCLUSION.id].filter(isCountedForce),
    );
    for (const id of [...candidates].sort()) {
      if (reportingIds.has(id)) continue;
      excluded.push(
        forceExclusion(id, forceById(id)?.name ?? id, formatMonth(earliest), formatMonth(latest)),
      );
    }

    const row = info[0];
    const lastUpdated = row?.latest_import
      ? new Date(row.latest_import).toISOString()
      : new Date(0).toISOString();
    return policeClockDefinition({
      categoryCounts: counts.flatMap(({ category, count }) => {
        const known = categoryFromCode(category);
        return known ? [{ slug: known.slug, count }] : [];
      }),
      months: monthList.length,
      latestDataMonth: formatMonth(latest),
      excludedForces: excluded,
      lastUpdated,
      synthetic: Boolean(Number(row?.synthetic ?? 0)),
      coverage: { forceIds: [...reportingIds], firstMonth: formatMonth(earliest) },
    });
  }

  async function stamp(): Promise<string> {
    // Every search asks (its answer carries the clock): a read of a few thousand index entries at
    // most, so it takes the on-thread reader on SQLite instead of a round trip through the pool.
    const [row] = await readRows<StoreStamp>(
      sequelize,
      `SELECT COUNT(*) AS months, MAX(imported_at) AS latest FROM dataset_months WHERE dataset = 'street'`,
    );
    // The same text on both databases (MySQL hands a Date, SQLite a string): search answers
    // carry it as their `dataVersion`.
    return `${row?.months ?? 0}:${epochMillis(row?.latest) ?? ''}`;
  }

  function current() {
    return inSnapshot(sequelize, async () => {
      const read = await stamp();
      if (cache?.stamp !== read) cache = { stamp: read, definition: await build() };
      return cache;
    });
  }

  return {
    stamp,
    // The stamp and the definition built under it are read in one snapshot (the caller's, in a
    // search), so a definition is never filed under the stamp of another state of the store.
    current,
    definition: async () => (await current()).definition,
  };
}

/** A stored time as milliseconds since the epoch, whichever way the driver hands it over. */
function epochMillis(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const millis = new Date(value).getTime();
  return Number.isNaN(millis) ? undefined : millis;
}
