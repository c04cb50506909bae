import type { QueryInterface, Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import { withMigrationLock } from './migration-lock.ts';
import { migrations } from './migrations/index.ts';
import { TABLE_OPTIONS } from './mysql-session.ts';

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
}

export function createMigrator(sequelize: Sequelize, log: (message: string) => void = () => {}) {
  return new Umzug<MigrationContext>({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: ({ context }) => m.up(context),
      down: ({ context }) => m.down(context),
    })),
    context: { queryInterface: withTableOptions(sequelize.getQueryInterface()), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: {
      info: (event) =>
        log(
          `migration ${String((event as { event?: string }).event ?? '')} ${String((event as { name?: string }).name ?? '')}`.trim(),
        ),
      warn: () => {},
      error: () => {},
      debug: () => {},
    },
  });
}

/**
 * Brings the schema up to date; returns the names of the migrations that ran. Safe to call from
 * several processes at once (see withMigrationLock).
 */
export async function migrateToLatest(
  sequelize: Sequelize,
  log?: (message: string) => void,
): Promise<string[]> {
  const ran = await withMigrationLock(sequelize, () => createMigrator(sequelize, log).up());
  return ran.map((m) => m.name);
}

/**
 * The query interface migrations get: its createTable states the product's character set and
 * collation (mysql-session.ts) unless told otherwise, so no table takes the database's default.
 */
function withTableOptions(qi: QueryInterface): QueryInterface {
  const wrapped = Object.create(qi) as QueryInterface;
  wrapped.createTable = (table, attributes, options) =>
    qi.createTable(table, attributes, { ...TABLE_OPTIONS, ...options });
  return wrapped;
}
