import type { Sequelize } from 'sequelize';
import { dialectOf } from './connection.ts';

/**
 * `crimes` read through its (force_id, month) index, for statements that take one force-month's
 * crimes. Without statistics SQLite's planner chose (month, cell, lat, lng) for them whenever the
 * statement also tested `cell`, and so read every force's crimes of the month for each force: a
 * national month's crime_points, crime_cell_counts and crime_locations took 6.3 s that way and
 * 1.7 s through the index (docs/benchmarks.md). The hint makes the choice explicit on
 * both databases, and SQLite refuses a statement it cannot answer through the index rather than
 * quietly reading something else.
 */
export function crimesOfForceMonth(sequelize: Sequelize, alias?: string): string {
  const named = alias ? `crimes AS ${alias}` : 'crimes';
  return dialectOf(sequelize) === 'mysql'
    ? `${named} FORCE INDEX (crimes_force_month)`
    : `${named} INDEXED BY crimes_force_month`;
}
