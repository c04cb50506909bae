import { QueryTypes, type Sequelize } from 'sequelize';
import { dialectOf } from './connection.ts';

/**
 * The partner API's daily counter statements (the limit itself is
 * api/src/partner-api/limits/daily-limit.ts): one conditional increment of the key's row for the
 * day, which hands back the new count in the same statement (SQLite `RETURNING`, MySQL
 * `LAST_INSERT_ID(expr)`), and the insert of the day's first row.
 */
export interface ApiKeyUsageStatements {
  /** Returns the new count when the row was below the limit, else null. */
  increment(keyId: number, day: string, limit: number, at: number): Promise<number | null>;
  /** Creates the day's row with a count of 1; false when it already exists. */
  insertFirst(keyId: number, day: string, at: number): Promise<boolean>;
}

export function apiKeyUsageStatements(sequelize: Sequelize): ApiKeyUsageStatements {
  const dialect = dialectOf(sequelize);
  if (dialect === 'mysql') {
    return {
      async increment(keyId, day, limit, at) {
        // LAST_INSERT_ID(expr) stores the new count for this connection's OK packet (insertId).
        const [header] = (await sequelize.query(
          `UPDATE api_key_usage SET count = LAST_INSERT_ID(count + 1), last_request_at = :at
           WHERE key_id = :keyId AND day = :day AND count < :limit`,
          { replacements: { keyId, day, limit, at }, type: QueryTypes.RAW },
        )) as unknown as [{ affectedRows: number; insertId: number }];
        return header.affectedRows === 1 ? Number(header.insertId) : null;
      },
      async insertFirst(keyId, day, at) {
        const [header] = (await sequelize.query(
          'INSERT IGNORE INTO api_key_usage (key_id, day, count, last_request_at) VALUES (:keyId, :day, 1, :at)',
          { replacements: { keyId, day, at }, type: QueryTypes.RAW },
        )) as unknown as [{ affectedRows: number }];
        return header.affectedRows === 1;
      },
    };
  }
  return {
    async increment(keyId, day, limit, at) {
      const rows = await sequelize.query<{ count: unknown }>(
        `UPDATE api_key_usage SET count = count + 1, last_request_at = :at
         WHERE key_id = :keyId AND day = :day AND count < :limit RETURNING count`,
        { replacements: { keyId, day, limit, at }, type: QueryTypes.SELECT },
      );
      return rows.length === 1 ? Number(rows[0]!.count) : null;
    },
    async insertFirst(keyId, day, at) {
      const [, inserted] = await sequelize.query(
        `INSERT INTO api_key_usage (key_id, day, count, last_request_at) VALUES (:keyId, :day, 1, :at)
         ON CONFLICT DO NOTHING`,
        { replacements: { keyId, day, at }, type: QueryTypes.INSERT },
      );
      return Number(inserted) === 1;
    },
  };
}
