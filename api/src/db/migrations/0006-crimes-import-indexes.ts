import type { Migration } from './migration.ts';

/**
 * Fewer and better-placed secondary indexes on `crimes`, because every import pays for each one
 * row by row (docs/benchmarks.md, importer):
 *
 * - crimes_force_month_category (0001) is dropped. Since 0002 nothing reads crimes by category:
 *   the per-category figures come from the aggregate tables, and the few statements that read a
 *   force-month (replacing it, refreshing its aggregates) are served by crimes_force_month.
 * - crimes_cell_month_position (cell, month, lat, lng) becomes crimes_month_cell_position
 *   (month, cell, lat, lng). The searches ask "cell IN (...) AND month = ?", which either order
 *   answers with one range per cell. But an imported month with month first fills one region of
 *   the index instead of slotting a few rows in beside every cell's earlier months, all over the
 *   index: the pages an import touches stay in the cache.
 */
export const crimesImportIndexes: Migration = {
  name: '0006-crimes-import-indexes',
  async up({ sequelize }) {
    const mysql = sequelize.getDialect() === 'mysql';
    await sequelize.query('CREATE INDEX crimes_month_cell_position ON crimes (month, cell, lat, lng)');
    for (const index of ['crimes_cell_month_position', 'crimes_force_month_category']) {
      await sequelize.query(mysql ? `DROP INDEX ${index} ON crimes` : `DROP INDEX ${index}`);
    }
  },
  async down({ sequelize }) {
    const mysql = sequelize.getDialect() === 'mysql';
    await sequelize.query('CREATE INDEX crimes_cell_month_position ON crimes (cell, month, lat, lng)');
    await sequelize.query('CREATE INDEX crimes_force_month_category ON crimes (force_id, month, category)');
    await sequelize.query(
      mysql ? 'DROP INDEX crimes_month_cell_position ON crimes' : 'DROP INDEX crimes_month_cell_position',
    );
  },
};
