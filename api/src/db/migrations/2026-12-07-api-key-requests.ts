import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Partner API key requests (api/src/partner-api/key-requests/): what a partner asked for on the
 * developers page, the administrator's decision, and on approval the one-time link to the key.
 * The key waits sealed under the link's token (`key_sealed`: AES-256-GCM, a key derived from the
 * token, which only the partner's mail holds; `link_token_hash` finds the row), and is cleared
 * when the link is opened or found expired. Times are epoch milliseconds.
 */
export const apiKeyRequests: Migration = {
  name: '2026-12-07-api-key-requests',
  async up({ queryInterface: qi }) {
    await qi.createTable('api_key_requests', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      organisation: { type: DataTypes.STRING(200), allowNull: false },
      intended_use: { type: DataTypes.TEXT, allowNull: false },
      locale: { type: DataTypes.STRING(2), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false },
      created_at: { type: DataTypes.BIGINT, allowNull: false },
      decided_at: { type: DataTypes.BIGINT, allowNull: true },
      api_key_id: {
        type: DataTypes.INTEGER,
        allowNull: true,
        references: { model: 'api_keys', key: 'id' },
        onDelete: 'SET NULL',
      },
      link_token_hash: { type: DataTypes.STRING(64), allowNull: true, unique: true },
      key_sealed: { type: DataTypes.STRING(255), allowNull: true },
      link_expires_at: { type: DataTypes.BIGINT, allowNull: true },
      link_opened_at: { type: DataTypes.BIGINT, allowNull: true },
    });
    await qi.addIndex('api_key_requests', ['status', 'created_at'], { name: 'api_key_requests_status' });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('api_key_requests');
  },
};
