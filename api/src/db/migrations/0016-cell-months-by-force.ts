import { MYSQL_TABLE_OPTIONS } from '../mysql-session.ts';
import { RESOLVED, RESOLVED_OUTCOMES } from './0002-search.ts';
import type { Migration } from './migration.ts';

/**
 * crime_cell_counts (0002: crimes per cell, month, category and force) is dropped: since 0013 the
 * search reads whole cells from crime_cell_months, and the maps and a force's centre, its last
 * readers, need only crimes per cell and category, which the month rows hold in a quarter as many
 * rows. They find a force's rows through the index added here. An import writes ~220k rows less
 * per national month (its cell statements 0.67 → 0.48 s on SQLite, 2.5 → 1.8 s on MariaDB;
 * docs/benchmarks.md).
 */
export const cellMonthsByForce: Migration = {
  name: '0016-cell-months-by-force',
  async up({ sequelize }) {
    await sequelize.query(
      'CREATE INDEX crime_cell_months_force_month ON crime_cell_months (force_id, month)',
    );
    await sequelize.query('DROP TABLE crime_cell_counts');
  },
  async down({ sequelize }) {
    const mysql = sequelize.getDialect() === 'mysql';
    await sequelize.query(`CREATE TABLE crime_cell_counts (
      cell INTEGER NOT NULL,
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      force_id VARCHAR(64) NOT NULL,
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      PRIMARY KEY (cell, month, category, force_id)
    )${mysql ? ` ${MYSQL_TABLE_OPTIONS}` : ' WITHOUT ROWID'}`);
    await sequelize.query(
      'CREATE INDEX crime_cell_counts_force_month ON crime_cell_counts (force_id, month)',
    );
    await sequelize.query(
      `INSERT INTO crime_cell_counts (cell, month, category, force_id, crimes, resolved)
       SELECT cell, month, category, force_id, COUNT(*), ${RESOLVED}
       FROM crimes WHERE cell IS NOT NULL GROUP BY cell, month, category, force_id`,
      { replacements: { resolvedOutcomes: RESOLVED_OUTCOMES } },
    );
    await sequelize.query(
      mysql
        ? 'DROP INDEX crime_cell_months_force_month ON crime_cell_months'
        : 'DROP INDEX crime_cell_months_force_month',
    );
  },
};
