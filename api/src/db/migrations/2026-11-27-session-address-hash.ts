import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * An admin session keeps the keyed hash of the address it was opened from (`app.addressHash`, as
 * the security log does), never the address. The addresses stored before cannot be hashed here
 * (migrations have no SECRET_KEY); nothing read them, and a session lives 12 hours at most, so
 * they are dropped. `DROP COLUMN` is the same statement on SQLite (3.35+) and MySQL/MariaDB; the
 * column is in no index, so SQLite drops it in place.
 */
export const sessionAddressHash: Migration = {
  name: '2026-11-27-session-address-hash',
  async up({ queryInterface: qi, sequelize }) {
    await sequelize.query('ALTER TABLE admin_sessions DROP COLUMN ip');
    await qi.addColumn('admin_sessions', 'address_hash', { type: DataTypes.STRING(64), allowNull: true });
  },
  async down({ queryInterface: qi, sequelize }) {
    await sequelize.query('ALTER TABLE admin_sessions DROP COLUMN address_hash');
    await qi.addColumn('admin_sessions', 'ip', { type: DataTypes.STRING(64), allowNull: true });
  },
};
