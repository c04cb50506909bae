import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Partner API keys and their daily use. A key is never stored: `key_hash` is sha256(key) in hex
 * and `key_prefix` its first characters, so the table tells keys apart without being able to
 * replay one. Times are BIGINT milliseconds since the epoch, as in 0004.
 *
 * `api_key_usage` holds one counter row per key and UTC day; the daily limit is enforced by a
 * conditional `UPDATE ... SET count = count + 1 WHERE ... AND count < limit` on that row, which is
 * exact under concurrency on both dialects and across API nodes sharing the database. A key's
 * request count and last use are read from these rows (SUM(count), MAX(last_request_at)), so a
 * request costs that one write and nothing else.
 */
export const apiKeyTables: Migration = {
  name: '0005-api-keys',
  async up({ queryInterface: qi }) {
    await qi.createTable('api_keys', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      domain: { type: DataTypes.STRING(253), allowNull: true },
      key_prefix: { type: DataTypes.STRING(16), allowNull: false },
      key_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      daily_rate_limit: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1000 },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
      created_at: { type: DataTypes.BIGINT, allowNull: false },
      revoked_at: { type: DataTypes.BIGINT, allowNull: true },
    });

    await qi.createTable('api_key_usage', {
      key_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        primaryKey: true,
        references: { model: 'api_keys', key: 'id' },
        onDelete: 'CASCADE',
      },
      // 'YYYY-MM-DD', the UTC day the count belongs to
      day: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
      count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      last_request_at: { type: DataTypes.BIGINT, allowNull: false },
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('api_key_usage');
    await qi.dropTable('api_keys');
  },
};
