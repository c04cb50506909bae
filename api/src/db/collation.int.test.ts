import { QueryTypes, type Sequelize } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../../tests/support/database.ts';
import { createMigrator } from './migrate.ts';
import { MYSQL_COLLATION } from './mysql-session.ts';

/** Every table and text column of the database whose collation is not the product's. */
async function strayCollations(sequelize: Sequelize): Promise<string[]> {
  const rows = await sequelize.query<{ what: string }>(
    `SELECT CONCAT(TABLE_NAME, ' ', TABLE_COLLATION) AS what FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_COLLATION <> :c
     UNION ALL
     SELECT CONCAT(TABLE_NAME, '.', COLUMN_NAME, ' ', COLLATION_NAME) FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL AND COLLATION_NAME <> :c`,
    { replacements: { c: MYSQL_COLLATION }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.what).sort();
}

/**
 * Databases whose default differs from the product's collation, as MySQL 8's utf8mb4_0900_ai_ci
 * does: MariaDB has no 0900 collations, so these stand in for it.
 */
const DATABASE_DEFAULTS = [
  'CHARACTER SET utf8mb4',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci',
  'CHARACTER SET latin1',
];

describe.skipIf(!testDialects.includes('mysql'))('one collation on mysql', () => {
  it.each(DATABASE_DEFAULTS)(
    'a database created with %s gets every table and column in it',
    async (options) => {
      const db = await createTestDatabase('mysql', { databaseOptions: options });
      try {
        expect(await strayCollations(db.sequelize)).toEqual([]);
        const session = await db.sequelize.query<{ collation: string }>(
          'SELECT @@collation_connection AS collation',
          {
            type: QueryTypes.SELECT,
          },
        );
        expect(session[0]?.collation).toBe(MYSQL_COLLATION);
      } finally {
        await db.drop();
      }
    },
  );

  it('migration 0007 converts the tables an earlier version made, keeping every row', async () => {
    const db = await createTestDatabase('mysql', {
      migrate: false,
      databaseOptions: 'CHARACTER SET latin1',
    });
    try {
      const migrator = createMigrator(db.sequelize);
      await migrator.up({ to: '0006-crimes-import-indexes' });
      // What the version before 0007 made: tables in the database default, search tables in unicode_ci.
      await db.sequelize.query(
        'ALTER TABLE crimes CONVERT TO CHARACTER SET latin1 COLLATE latin1_swedish_ci',
      );
      await db.sequelize.query(
        'ALTER TABLE crime_force_counts CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
      await db.sequelize.query(
        'ALTER TABLE admin_users CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
      );
      expect(await strayCollations(db.sequelize)).not.toEqual([]);
      await db.sequelize.query(
        `INSERT INTO crimes (force_id, month, category, street, lsoa_code) VALUES
         ('kent', 202501, 1, 'On or near Caf\u00e9 Road', 'E01000001'), ('kent', 202501, 2, 'High St', NULL)`,
      );
      await db.sequelize.query(
        `INSERT INTO crime_force_counts (force_id, month, category, crimes, resolved, located)
         VALUES ('kent', 202501, 1, 1, 0, 0), ('kent', 202501, 2, 1, 0, 0)`,
      );
      await db.sequelize.query(
        "INSERT INTO admin_users (username, password_hash, created_at, updated_at) VALUES ('Admin', 'x', 1, 1)",
      );

      await migrator.up();

      expect(await strayCollations(db.sequelize)).toEqual([]);
      const crimes = await db.sequelize.query<{ street: string }>('SELECT street FROM crimes ORDER BY id', {
        type: QueryTypes.SELECT,
      });
      expect(crimes.map((c) => c.street)).toEqual(['On or near Caf\u00e9 Road', 'High St']);
      // The join that failed with "Illegal mix of collations" before 0007.
      const joined = await db.sequelize.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM crimes c JOIN crime_force_counts f
         ON f.force_id = c.force_id AND f.month = c.month AND f.category = c.category`,
        { type: QueryTypes.SELECT },
      );
      expect(Number(joined[0]?.n)).toBe(2);
      // Binary now, as on SQLite: another case is another username.
      await db.sequelize.query(
        "INSERT INTO admin_users (username, password_hash, created_at, updated_at) VALUES ('admin', 'y', 1, 1)",
      );
      const users = await db.sequelize.query<{ username: string }>(
        'SELECT username FROM admin_users ORDER BY username',
        { type: QueryTypes.SELECT },
      );
      expect(users.map((u) => u.username)).toEqual(['Admin', 'admin']);
    } finally {
      await db.drop();
    }
  });
});
