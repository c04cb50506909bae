import { QueryTypes } from 'sequelize';
import { MYSQL_CHARSET, MYSQL_COLLATION } from '../mysql-session.ts';
import type { Migration } from './migration.ts';

/**
 * MySQL only: converts every table whose text does not yet use the product's character set and
 * collation (mysql-session.ts). Versions before this one created most tables without stating it,
 * so they took the database's default (utf8mb4_general_ci as the README's `CREATE DATABASE` gives
 * on MariaDB, utf8mb4_0900_ai_ci on MySQL 8, latin1 on an old server), while the search tables
 * stated utf8mb4_unicode_ci: joining the two failed with "Illegal mix of collations".
 *
 * `ALTER TABLE ... CONVERT TO` rewrites the table with its rows (text re-encoded where the
 * character set changes), so it takes a while on a large store and holds the table meanwhile.
 * A binary collation is stricter than any other, so no unique key can gain duplicates. Tables
 * already right are left alone, which makes a fresh database's run instant.
 */
export const oneCollation: Migration = {
  name: '0007-one-collation',
  async up({ sequelize }) {
    if (sequelize.getDialect() !== 'mysql') return;
    const rows = await sequelize.query<{ name: string }>(
      `SELECT t.TABLE_NAME AS name FROM information_schema.TABLES t
       WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'
         AND (t.TABLE_COLLATION <> :collation OR EXISTS (
           SELECT 1 FROM information_schema.COLUMNS c
           WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME
             AND c.COLLATION_NAME IS NOT NULL AND c.COLLATION_NAME <> :collation))
       ORDER BY t.TABLE_NAME`,
      { replacements: { collation: MYSQL_COLLATION }, type: QueryTypes.SELECT },
    );
    for (const { name } of rows) {
      await sequelize.query(
        `ALTER TABLE \`${name}\` CONVERT TO CHARACTER SET ${MYSQL_CHARSET} COLLATE ${MYSQL_COLLATION}`,
      );
    }
  },
  // The collations the tables had before are not recorded, and nothing needs them back.
  async down() {},
};
