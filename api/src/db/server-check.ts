import { QueryTypes, type Sequelize } from 'sequelize';
import { dialectOf } from './connection.ts';
import { MYSQL_CHARSET, MYSQL_COLLATION, MYSQL_SQL_MODE } from './mysql-session.ts';

/** What a MySQL session says about itself, as the start-up check reads it. */
export interface MysqlSessionFacts {
  characterSet: string;
  collation: string;
  sqlMode: string;
  localInfile: boolean;
}

/**
 * sql_mode flags that would change what the product's SQL means: backslashes in strings (mysql2
 * escapes with them, LOAD DATA reads them), double quotes, `||`.
 */
const FORBIDDEN_MODES = ['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES', 'PIPES_AS_CONCAT', 'ANSI'];

/**
 * What is wrong with the session for the product, each as a sentence that says what to change.
 * Empty when all is well. Every connection sets the session itself (mysql-session.ts), so a
 * difference here means something between the product and the server changes it (a proxy or
 * pooler replaying its own session, a server that ignored the statements).
 */
export function sessionProblems(facts: MysqlSessionFacts): string[] {
  const problems: string[] = [];
  if (facts.characterSet !== MYSQL_CHARSET || facts.collation !== MYSQL_COLLATION) {
    problems.push(
      `the session talks ${facts.characterSet} (${facts.collation}), not ${MYSQL_CHARSET} (${MYSQL_COLLATION}) ` +
        `as every connection asks with SET NAMES: use a server with utf8mb4 (MySQL 5.7+, MariaDB 10.3+) and ` +
        `connect to it directly or through a proxy that keeps each connection's session`,
    );
  }
  const modes = new Set(facts.sqlMode.split(',').filter(Boolean));
  const lacking = MYSQL_SQL_MODE.filter((mode) => !modes.has(mode));
  const forbidden = FORBIDDEN_MODES.filter((mode) => modes.has(mode));
  if (lacking.length > 0 || forbidden.length > 0) {
    const parts = [
      ...(lacking.length > 0 ? [`lacks ${lacking.join(', ')}`] : []),
      ...(forbidden.length > 0 ? [`has ${forbidden.join(', ')}`] : []),
    ];
    problems.push(
      `the session's sql_mode "${facts.sqlMode}" ${parts.join(' and ')}, although every connection sets ` +
        `"${MYSQL_SQL_MODE.join(',')}": remove init_connect or proxy settings that change sql_mode after connecting`,
    );
  }
  return problems;
}

/** The server refused a setting the product needs, or the session is not what it relies on. */
export class DatabaseServerError extends Error {
  override name = 'DatabaseServerError';
}

async function sessionFacts(sequelize: Sequelize): Promise<MysqlSessionFacts> {
  const [row] = await sequelize.query<{ cs: string; coll: string; mode: string; loads: number | string }>(
    `SELECT @@character_set_connection AS cs, @@collation_connection AS coll,
            @@SESSION.sql_mode AS mode, @@GLOBAL.local_infile AS loads`,
    { type: QueryTypes.SELECT },
  );
  return {
    characterSet: String(row?.cs),
    collation: String(row?.coll),
    sqlMode: String(row?.mode ?? ''),
    localInfile: Number(row?.loads) === 1,
  };
}

/**
 * Checks at start what the API and the importer rely on, and throws one DatabaseServerError whose
 * message says what to change. Returns notes that are not faults (e.g. the import's slower path).
 * SQLite relies on nothing outside the process.
 */
export async function checkDatabaseServer(
  sequelize: Sequelize,
  purpose: 'api' | 'import',
): Promise<string[]> {
  if (dialectOf(sequelize) !== 'mysql') return [];
  let facts: MysqlSessionFacts;
  try {
    facts = await sessionFacts(sequelize);
  } catch (error) {
    throw new DatabaseServerError(`Cannot use the MySQL server: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const problems = sessionProblems(facts);
  if (problems.length > 0) {
    throw new DatabaseServerError(
      `The MySQL server cannot be used as it is:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  if (purpose === 'import' && !facts.localInfile) {
    return [
      'The MySQL server has local_infile OFF, so rows go in as multi-row INSERTs (slower than LOAD DATA LOCAL; ' +
        'docs/operations.md). To use the faster path: SET GLOBAL local_infile = 1.',
    ];
  }
  return [];
}
