import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Security defences against sign-in floods and stolen passwords: atomic rate-limit counters that
 * replace the per-row login log, the security log admins read, and the optional second factor of
 * each admin. Times are BIGINT milliseconds since the epoch, as in 0004.
 */
export const securityTables: Migration = {
  name: '0009-security',
  async up({ queryInterface: qi }) {
    const at = (allowNull = false) => ({ type: DataTypes.BIGINT, allowNull });

    // One row per limited thing (`login-address:<hash>`, `message:<hash>`…) and current window,
    // counted by one upsert (api/src/db/window-counters.ts). Keys carry address hashes only.
    await qi.createTable('rate_limits', {
      bucket: { type: DataTypes.STRING(120), primaryKey: true },
      window_start: at(),
      count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    });
    await qi.addIndex('rate_limits', ['window_start'], { name: 'rate_limits_window' });

    // Replaced by rate_limits: it was checked before it was written, so parallel guesses all passed.
    await qi.dropTable('login_attempts');

    await qi.createTable('security_events', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      at: at(),
      kind: { type: DataTypes.STRING(40), allowNull: false },
      username: { type: DataTypes.STRING(128), allowNull: true },
      address_hash: { type: DataTypes.STRING(64), allowNull: true },
      detail: { type: DataTypes.STRING(255), allowNull: true },
    });
    await qi.addIndex('security_events', ['at'], { name: 'security_events_at' });

    // The TOTP secret is stored encrypted with SECRET_KEY (secret-box); pending until confirmed.
    await qi.addColumn('admin_users', 'totp_secret_enc', { type: DataTypes.TEXT, allowNull: true });
    await qi.addColumn('admin_users', 'totp_enabled_at', at(true));
    // The last time step accepted: a code seen once is refused after (RFC 6238 §5.2).
    await qi.addColumn('admin_users', 'totp_last_step', at(true));

    await qi.createTable('admin_recovery_codes', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      user_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'admin_users', key: 'id' },
        onDelete: 'CASCADE',
      },
      code_hash: { type: DataTypes.STRING(64), allowNull: false },
      used_at: at(true),
    });
    await qi.addIndex('admin_recovery_codes', ['user_id', 'code_hash'], {
      name: 'admin_recovery_codes_user_code',
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('admin_recovery_codes');
    await qi.removeColumn('admin_users', 'totp_last_step');
    await qi.removeColumn('admin_users', 'totp_enabled_at');
    await qi.removeColumn('admin_users', 'totp_secret_enc');
    await qi.dropTable('security_events');
    await qi.dropTable('rate_limits');
    await qi.createTable('login_attempts', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      username: { type: DataTypes.STRING(128), allowNull: false },
      ip: { type: DataTypes.STRING(64), allowNull: false },
      attempted_at: { type: DataTypes.BIGINT, allowNull: false },
    });
  },
};
