import type { Sequelize, Transaction } from 'sequelize';

/**
 * A table derived from the crimes of one force-month (e.g. the search's per-cell counts). The
 * importer is given the list and refreshes each inside the same transaction that replaces the
 * force-month, so a reader never sees new rows with old aggregates or the other way round.
 */
export interface DerivedTable {
  name: string;
  refresh(sequelize: Sequelize, transaction: Transaction, forceId: string, month: number): Promise<void>;
}
