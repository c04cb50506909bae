import type { Sequelize } from 'sequelize';
import type { DataStatus, ForceMonth, LastCheck } from '../../../common/contracts/data-status.ts';
import { POLICE_FORCES } from '../../../common/police/forces.ts';
import { formatMonth } from '../../../common/search/months.ts';
import { readDataStatus, readImportRunsStamp } from '../db/data-status-reads.ts';
import { STREET_DATASET } from '../search/coverage.ts';

export interface DataStatusService {
  status(): Promise<DataStatus>;
  /** Changes whenever the status may (with the clock data version): the import runs' part. */
  stamp(): Promise<string>;
}

export const UPDATES_OFF_MESSAGE =
  'Scheduled updates are not set up; data changes when an operator imports it.';

/** What is said of the checks where no scheduled updater is wired (a store read by tools and tests). */
export function lastCheck(): LastCheck {
  return { at: null, result: 'off', message: UPDATES_OFF_MESSAGE };
}

/** The scheduled update's checks (api/src/data-updates/), as it keeps them in the store. */
export interface CheckStatusReader {
  status(): Promise<{ lastCheck: LastCheck; nextCheckAt: string | null }>;
}

const key = (forceId: string, month: number) => `${forceId}|${month}`;
const byName = new Intl.Collator('en-GB');

export function createDataStatusService({
  sequelize,
  checks,
}: {
  sequelize: Sequelize;
  checks?: CheckStatusReader;
}): DataStatusService {
  return {
    // The checks' part too: a check changes lastCheck and nextCheckAt without an import.
    stamp: async () => {
      const [runs, checked] = await Promise.all([readImportRunsStamp(sequelize), checks?.status()]);
      return checked
        ? `${runs}|${checked.lastCheck.at}|${checked.lastCheck.result}|${checked.nextCheckAt}`
        : runs;
    },
    async status() {
      const [{ held, failed, lastImportAt }, checked] = await Promise.all([
        readDataStatus(sequelize, STREET_DATASET),
        checks?.status() ?? { lastCheck: lastCheck(), nextCheckAt: null },
      ]);
      const crimes = new Map(held.map((h) => [key(h.forceId, h.month), h.rows]));
      const notImported = new Set(failed.map((f) => key(f.forceId, f.month)));
      // The published months: those any force has. A month no force has is not known to exist.
      const months = [...new Set(held.map((h) => h.month))]
        .sort((a, b) => a - b)
        .map((month) => ({ month, label: formatMonth(month) }));
      const forces = POLICE_FORCES.map((force) => ({
        id: force.id,
        name: force.name,
        months: months.map(({ month, label }): ForceMonth => {
          const count = crimes.get(key(force.id, month));
          if (count !== undefined) return { month: label, crimes: count, status: 'held' };
          const status = notImported.has(key(force.id, month)) ? 'not-imported' : 'missing';
          return { month: label, crimes: null, status };
        }),
      })).sort((a, b) => byName.compare(a.name, b.name));
      return {
        latestMonth: months.at(-1)?.label ?? null,
        lastCheck: checked.lastCheck,
        nextCheckAt: checked.nextCheckAt,
        lastImportAt: lastImportAt?.toISOString() ?? null,
        forces,
      };
    },
  };
}
