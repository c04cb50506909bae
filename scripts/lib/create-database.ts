/**
 * How every test, benchmark, the soak and `npm run cluster` create a MySQL database: the README's
 * statement, `CREATE DATABASE crime_clock CHARACTER SET utf8mb4`, with no collation, so the
 * server's default collation applies as it does for a user, and the product has to cope with it
 * (docs/operations.md, "Creating the MySQL database").
 */
export const README_DATABASE_OPTIONS = 'CHARACTER SET utf8mb4';

export interface CreateDatabaseOptions {
  ifNotExists?: boolean;
  /** What follows the name instead of the README's options: only for tests that vary the default on purpose. */
  databaseOptions?: string;
}

/** The README's CREATE DATABASE statement for `name` (a plain identifier, checked). */
export function createDatabaseSql(name: string, options: CreateDatabaseOptions = {}): string {
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(name)) throw new Error(`not a usable database name: ${name}`);
  const ifNotExists = options.ifNotExists ? 'IF NOT EXISTS ' : '';
  return `CREATE DATABASE ${ifNotExists}\`${name}\` ${options.databaseOptions ?? README_DATABASE_OPTIONS}`;
}
