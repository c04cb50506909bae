import type { Sequelize } from 'sequelize';
import { dialectOf } from '../connection.ts';
import { mysqlBulk } from './mysql.ts';
import { sqliteBulk } from './sqlite.ts';
import type { BulkDialect } from './types.ts';

export type { BulkDialect, BulkValue, BulkWriter } from './types.ts';

/**
 * Raw multi-row writes for the importer. The ORM's bulkCreate is an order of magnitude too slow
 * for tens of millions of rows, so these go straight to the driver connection of a Sequelize
 * transaction. Each dialect's SQL and driver calls stay in its own module, so replacing a driver
 * (sqlite3 is archived upstream) touches one file.
 */
export function bulkFor(sequelize: Sequelize): BulkDialect {
  return dialectOf(sequelize) === 'sqlite' ? sqliteBulk : mysqlBulk;
}
