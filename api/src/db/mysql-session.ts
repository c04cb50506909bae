/**
 * The one place that chooses how MySQL/MariaDB stores and compares text, and the session every
 * connection runs in. Every table the product creates states this character set and collation,
 * and every connection sets the same, so the database's default (whatever `CREATE DATABASE` or
 * the server chose) never takes part in a comparison.
 *
 * Why utf8mb4_bin (docs/operations.md, "Creating the MySQL database"):
 * - it compares code points, as SQLite's default BINARY collation does, so both dialects agree on
 *   what is equal, unique and in which order (a `_ci` collation would merge 'Admin' and 'admin'
 *   in a unique key on MySQL only);
 * - MySQL 5.7, MySQL 8 and every MariaDB since 5.5 know it, unlike MySQL 8's default
 *   utf8mb4_0900_ai_ci (unknown to MariaDB 10.x) or MariaDB's utf8mb4_nopad_bin (unknown to
 *   MySQL).
 */
export const MYSQL_CHARSET = 'utf8mb4';
export const MYSQL_COLLATION = 'utf8mb4_bin';

/** Appended to every `CREATE TABLE` written as SQL. */
export const MYSQL_TABLE_OPTIONS = `ENGINE=InnoDB DEFAULT CHARSET=${MYSQL_CHARSET} COLLATE=${MYSQL_COLLATION}`;

/** The third argument of every `queryInterface.createTable` (SQLite ignores it). */
export const TABLE_OPTIONS = { charset: MYSQL_CHARSET, collate: MYSQL_COLLATION } as const;

/**
 * The session's sql_mode, pinned on every connection rather than inherited from the server:
 * - STRICT_ALL_TABLES: a value that does not fit fails its statement instead of being cut or
 *   zeroed with a warning (the importer counts on this to report bad rows);
 * - ERROR_FOR_DIVISION_BY_ZERO, NO_ZERO_DATE, NO_ZERO_IN_DATE: the same for arithmetic and dates;
 * - NO_ENGINE_SUBSTITUTION: a table is InnoDB or is not created.
 * Left out on purpose: NO_BACKSLASH_ESCAPES (mysql2 escapes strings with backslashes and the bulk
 * loader's LOAD DATA reads backslash escapes), ANSI_QUOTES (the SQL quotes names with backticks and
 * nothing with double quotes), PIPES_AS_CONCAT, and ONLY_FULL_GROUP_BY (whose checks differ between
 * MySQL and MariaDB; the aggregates' GROUP BY clauses are kept right by the dialect tests instead).
 */
export const MYSQL_SQL_MODE = [
  'STRICT_ALL_TABLES',
  'ERROR_FOR_DIVISION_BY_ZERO',
  'NO_ZERO_DATE',
  'NO_ZERO_IN_DATE',
  'NO_ENGINE_SUBSTITUTION',
] as const;

/** Run on every new connection, before anything else uses it. */
export const MYSQL_SESSION_STATEMENTS = [
  `SET NAMES ${MYSQL_CHARSET} COLLATE ${MYSQL_COLLATION}`,
  `SET SESSION sql_mode = '${MYSQL_SQL_MODE.join(',')}'`,
];
