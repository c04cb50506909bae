import type { Sequelize } from 'sequelize';
import type { ForceSummary, NeighbourhoodSummary } from '../../../common/contracts/forces.ts';
import {
  COUNTED_FORCES,
  countedForceById,
  uncountedForceText,
} from '../../../common/police-coverage/coverage.ts';
import { forceById } from '../../../common/police/forces.ts';
import { formatMonth } from '../../../common/search/months.ts';
import { notFound } from '../http/errors.ts';
import { STREET_DATASET } from '../search/coverage.ts';
import { num, select } from '../search/sql.ts';

export interface ForceService {
  forces(): Promise<{ forces: ForceSummary[] }>;
  neighbourhoods(forceId: string): Promise<{ neighbourhoods: NeighbourhoodSummary[]; note?: string }>;
  /**
   * The stored neighbourhood's id as data.police.uk spells it; 404 when the store does not hold it,
   * so a made-up id never spends the police API's allowance.
   */
  requireNeighbourhood(forceId: string, neighbourhoodId: string): Promise<{ id: string; name: string }>;
}

/**
 * Throws 404 for an id that is not a data.police.uk force, or names a force the product does not
 * count (Northern Ireland: common/police-coverage), which is offered nowhere.
 */
export function requireForce(forceId: string) {
  const force = countedForceById(forceId);
  if (force) return force;
  if (forceById(forceId)) throw notFound(uncountedForceText(forceId), 'FORCE_NOT_FOUND');
  throw notFound(`Unknown police force "${forceId}"`, 'FORCE_NOT_FOUND');
}

export function createForceService({ sequelize }: { sequelize: Sequelize }): ForceService {
  return {
    async forces() {
      const rows = await select<{ force_id: string; latest: unknown; months: unknown }>(
        sequelize,
        `SELECT force_id, MAX(month) AS latest, COUNT(*) AS months FROM dataset_months
         WHERE dataset = :dataset GROUP BY force_id`,
        { dataset: STREET_DATASET },
      );
      const held = new Map(rows.map((r) => [r.force_id, r]));
      const forces = COUNTED_FORCES.map((force) => {
        const row = held.get(force.id);
        return {
          id: force.id,
          name: force.name,
          hasData: row !== undefined,
          latestMonth: row ? formatMonth(num(row.latest)) : null,
          monthsWithData: row ? num(row.months) : 0,
        };
      }).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
      return { forces };
    },

    async requireNeighbourhood(forceId, neighbourhoodId) {
      const force = requireForce(forceId);
      const rows = await select<{ id: string; name: string }>(
        sequelize,
        'SELECT id, name FROM neighbourhoods WHERE force_id = :forceId AND id = :id',
        { forceId: force.id, id: neighbourhoodId },
      );
      const found = rows.find((r) => r.id === neighbourhoodId) ?? rows[0];
      if (!found) {
        throw notFound(
          `Neighbourhood "${neighbourhoodId}" of ${force.name} is not known here (not in the store)`,
          'NEIGHBOURHOOD_NOT_FOUND',
        );
      }
      return { id: found.id, name: found.name };
    },

    async neighbourhoods(forceId) {
      const force = requireForce(forceId);
      const rows = await select<{ id: string; name: string; has_boundary: unknown }>(
        sequelize,
        `SELECT id, name, CASE WHEN boundary IS NULL THEN 0 ELSE 1 END AS has_boundary
         FROM neighbourhoods WHERE force_id = :forceId`,
        { forceId: force.id },
      );
      const neighbourhoods = rows
        .map((r) => ({ id: r.id, name: r.name, hasBoundary: num(r.has_boundary) === 1 }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
      return neighbourhoods.length > 0
        ? { neighbourhoods }
        : {
            neighbourhoods,
            note: `No neighbourhoods of ${force.name} are stored yet; they come from data.police.uk or the sample import.`,
          };
    },
  };
}
