import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Leases: one row per named job that must run at most once at a time over every process and
 * machine sharing the store (the import, `api/src/police-data/import/import-lease.ts`). Times are
 * epoch milliseconds, so the same comparison works on SQLite and MySQL; a holder renews
 * `expires_ms` by a heartbeat, and a lease whose expiry has passed may be taken over.
 */
export const importLease: Migration = {
  name: '2026-11-26-import-lease',
  async up({ queryInterface: qi }) {
    await qi.createTable('leases', {
      name: { type: DataTypes.STRING(64), primaryKey: true },
      holder: { type: DataTypes.STRING(255), allowNull: false },
      host: { type: DataTypes.STRING(255), allowNull: false },
      pid: { type: DataTypes.INTEGER, allowNull: false },
      acquired_ms: { type: DataTypes.BIGINT, allowNull: false },
      expires_ms: { type: DataTypes.BIGINT, allowNull: false },
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('leases');
  },
};
