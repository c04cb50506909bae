import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * The scheduled data update's state (api/src/data-updates/): one row, shared by every API node, so
 * the last check, its result and the next check are the same whichever node answers, and a node
 * that starts knows whether another one checked a moment ago. Times are epoch milliseconds.
 */
export const dataUpdateChecks: Migration = {
  name: '2026-11-26-data-update-checks',
  async up({ queryInterface: qi }) {
    await qi.createTable('data_update_checks', {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      checked_ms: { type: DataTypes.BIGINT, allowNull: true },
      result: { type: DataTypes.STRING(16), allowNull: true },
      message: { type: DataTypes.STRING(1000), allowNull: true },
      failures_in_row: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      last_success_ms: { type: DataTypes.BIGINT, allowNull: true },
      next_ms: { type: DataTypes.BIGINT, allowNull: true },
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('data_update_checks');
  },
};
