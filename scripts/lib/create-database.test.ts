import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabaseSql } from './create-database.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** The statement as a person types it: no backquotes around a plain name. */
const asDocumented = (sql: string) => sql.replaceAll('`', '');

describe('creating a MySQL database', () => {
  it('is the statement the README and docs/operations.md give a user, without a collation', () => {
    const statement = asDocumented(createDatabaseSql('crime_clock'));
    expect(statement).toBe('CREATE DATABASE crime_clock CHARACTER SET utf8mb4');
    expect(read('README.md')).toContain(`\`${statement}\``);
    expect(read('docs/operations.md')).toContain(`${statement};`);
    expect(statement).not.toMatch(/COLLATE/i);
  });

  it('can leave an existing database alone, and refuses a name it would have to quote', () => {
    expect(createDatabaseSql('cc_test_1', { ifNotExists: true })).toBe(
      'CREATE DATABASE IF NOT EXISTS `cc_test_1` CHARACTER SET utf8mb4',
    );
    expect(() => createDatabaseSql('x`; DROP DATABASE y; --')).toThrow(/not a usable database name/);
  });
});
