import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Partner webhooks (api/src/partner-api/webhooks/). `webhooks` holds one row per API key (the key
 * is the primary key, so two parallel registrations leave one URL); its signing secret is stored
 * encrypted with SECRET_KEY (`secret_enc`, security/secret-box.ts). `webhook_deliveries` is the
 * durable queue and log of what was sent: API nodes claim a due row with a conditional UPDATE
 * (`claimed_by`, `claimed_until`), as the mail outbox does. Times are epoch milliseconds.
 */
export const webhookTables: Migration = {
  name: '2026-11-26-webhooks',
  async up({ queryInterface: qi }) {
    await qi.createTable('webhooks', {
      key_id: {
        type: DataTypes.INTEGER,
        primaryKey: true,
        references: { model: 'api_keys', key: 'id' },
        onDelete: 'CASCADE',
      },
      url: { type: DataTypes.STRING(2048), allowNull: false },
      secret_enc: { type: DataTypes.STRING(255), allowNull: false },
      created_at: { type: DataTypes.BIGINT, allowNull: false },
    });
    await qi.createTable('webhook_deliveries', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      key_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'api_keys', key: 'id' },
        onDelete: 'CASCADE',
      },
      message_id: { type: DataTypes.STRING(64), allowNull: false },
      event_type: { type: DataTypes.STRING(64), allowNull: false },
      payload: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      next_attempt_at: { type: DataTypes.BIGINT, allowNull: false },
      // Retries stop after this (24 h after the event).
      give_up_at: { type: DataTypes.BIGINT, allowNull: false },
      last_attempt_at: { type: DataTypes.BIGINT, allowNull: true },
      response_code: { type: DataTypes.INTEGER, allowNull: true },
      last_error: { type: DataTypes.STRING(1024), allowNull: true },
      claimed_by: { type: DataTypes.STRING(100), allowNull: true },
      claimed_until: { type: DataTypes.BIGINT, allowNull: true },
      created_at: { type: DataTypes.BIGINT, allowNull: false },
    });
    await qi.addIndex('webhook_deliveries', ['status', 'next_attempt_at'], {
      name: 'webhook_deliveries_due',
    });
    await qi.addIndex('webhook_deliveries', ['key_id', 'created_at'], { name: 'webhook_deliveries_key' });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('webhook_deliveries');
    await qi.dropTable('webhooks');
  },
};
