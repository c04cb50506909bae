import type { Sequelize } from 'sequelize';
import { MYSQL_TABLE_OPTIONS } from '../mysql-session.ts';
import { PART, RESOLVED, RESOLVED_OUTCOMES } from './0002-search.ts';
import type { Migration } from './migration.ts';

/**
 * Month rows for the search (api/src/search/month-rows.ts): crime_cell_months and
 * crime_part_months, one row per cell or part x month x force with the crimes of each category in
 * a column of its own and the month's resolved crimes. A search adds up ~12 rows per whole part
 * over a year instead of grouping ~50 by category. crime_part_counts, which only the search read,
 * is replaced; crime_cell_counts stays for the maps and the force-wide reads.
 *
 * The category codes as they were when this migration was written (common/crime/categories.ts):
 * a code added later needs a migration adding its column.
 */
export const MONTH_ROW_CODES_0013 = Array.from({ length: 15 }, (_, i) => i + 1);

const crimes = (code: number) => `crimes_${code}`;
const COUNTS = ['resolved', ...MONTH_ROW_CODES_0013.map(crimes)];

function pivot(crimesSql: string, resolvedSql: string): string {
  return [
    resolvedSql,
    ...MONTH_ROW_CODES_0013.map((code) => `SUM(CASE WHEN category = ${code} THEN ${crimesSql} ELSE 0 END)`),
  ].join(', ');
}

function createTable(mysql: boolean, table: string, key: 'cell' | 'part'): string {
  const columns = COUNTS.map((c) => `${c} INTEGER NOT NULL`).join(',\n      ');
  return `CREATE TABLE ${table} (
      ${key} INTEGER NOT NULL,
      month INTEGER NOT NULL,
      force_id VARCHAR(64) NOT NULL,
      ${columns},
      PRIMARY KEY (${key}, month, force_id)
    )${mysql ? ` ${MYSQL_TABLE_OPTIONS}` : ' WITHOUT ROWID'}`;
}

async function inTransaction(sequelize: Sequelize, statements: string[]): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    for (const sql of statements) {
      await sequelize.query(sql, { transaction, replacements: { resolvedOutcomes: RESOLVED_OUTCOMES } });
    }
  });
}

export const monthRows: Migration = {
  name: '0013-month-rows',
  async up({ sequelize }) {
    const mysql = sequelize.getDialect() === 'mysql';
    await sequelize.query(createTable(mysql, 'crime_cell_months', 'cell'));
    await sequelize.query(createTable(mysql, 'crime_part_months', 'part'));
    await inTransaction(sequelize, [
      `INSERT INTO crime_cell_months (cell, month, force_id, ${COUNTS.join(', ')})
       SELECT cell, month, force_id, ${pivot('crimes', 'SUM(resolved)')}
       FROM crime_cell_counts GROUP BY cell, month, force_id`,
      `INSERT INTO crime_part_months (part, month, force_id, ${COUNTS.join(', ')})
       SELECT part, month, force_id, ${pivot('crimes', 'SUM(resolved)')}
       FROM crime_part_counts GROUP BY part, month, force_id`,
    ]);
    await sequelize.query('DROP TABLE crime_part_counts');
  },
  async down({ sequelize }) {
    const mysql = sequelize.getDialect() === 'mysql';
    // Resolved crimes per category are not in the month rows: the part counts come from crimes.
    await sequelize.query(`CREATE TABLE crime_part_counts (
      part INTEGER NOT NULL,
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      force_id VARCHAR(64) NOT NULL,
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      PRIMARY KEY (part, month, category, force_id)
    )${mysql ? ` ${MYSQL_TABLE_OPTIONS}` : ' WITHOUT ROWID'}`);
    await inTransaction(sequelize, [
      `INSERT INTO crime_part_counts (part, month, category, force_id, crimes, resolved)
       SELECT ${PART}, month, category, force_id, COUNT(*), ${RESOLVED}
       FROM crimes WHERE cell IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
       GROUP BY ${PART}, month, category, force_id`,
    ]);
    await sequelize.query('DROP TABLE crime_part_months');
    await sequelize.query('DROP TABLE crime_cell_months');
  },
};
