import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * The admin side: accounts, server-side sessions, the login throttle, SMTP settings and the mail
 * outbox. Times here are BIGINT milliseconds since the epoch: they compare and index the same way
 * on SQLite and MySQL, with no driver turning them into local times or dropping the milliseconds.
 */
export const adminTables: Migration = {
  name: '0004-admin',
  async up({ queryInterface: qi }) {
    const at = (allowNull = false) => ({ type: DataTypes.BIGINT, allowNull });

    await qi.createTable('admin_users', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      username: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      password_hash: { type: DataTypes.STRING(255), allowNull: false },
      created_at: at(),
      updated_at: at(),
    });

    // The id is sha256(token) in hex: the cookie holds the token, so a leaked table cannot be replayed.
    await qi.createTable('admin_sessions', {
      id: { type: DataTypes.STRING(64), primaryKey: true },
      user_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'admin_users', key: 'id' },
        onDelete: 'CASCADE',
      },
      created_at: at(),
      last_seen_at: at(),
      expires_at: at(),
      ip: { type: DataTypes.STRING(64), allowNull: true },
      user_agent: { type: DataTypes.STRING(255), allowNull: true },
    });
    await qi.addIndex('admin_sessions', ['user_id'], { name: 'admin_sessions_user' });
    await qi.addIndex('admin_sessions', ['expires_at'], { name: 'admin_sessions_expires' });

    // Failed attempts only: a success clears the account's row set.
    await qi.createTable('login_attempts', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      username: { type: DataTypes.STRING(128), allowNull: false },
      ip: { type: DataTypes.STRING(64), allowNull: false },
      attempted_at: at(),
    });
    await qi.addIndex('login_attempts', ['username', 'attempted_at'], { name: 'login_attempts_username' });
    await qi.addIndex('login_attempts', ['ip', 'attempted_at'], { name: 'login_attempts_ip' });

    await qi.createTable('smtp_settings', {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      host: { type: DataTypes.STRING(255), allowNull: false },
      port: { type: DataTypes.INTEGER, allowNull: false },
      secure: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      username: { type: DataTypes.STRING(255), allowNull: false, defaultValue: '' },
      password_enc: { type: DataTypes.TEXT, allowNull: true },
      from_email: { type: DataTypes.STRING(254), allowNull: false },
      admin_email: { type: DataTypes.STRING(254), allowNull: false },
      updated_at: at(),
    });

    await qi.createTable('outbox', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      kind: { type: DataTypes.STRING(32), allowNull: false },
      payload: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      next_attempt_at: at(),
      last_error: { type: DataTypes.STRING(1024), allowNull: true },
      created_at: at(),
      sent_at: at(true),
      claimed_by: { type: DataTypes.STRING(64), allowNull: true },
      claimed_until: at(true),
      // sha256 of the sender's address, for the per-address throttle without keeping the address
      sender_key: { type: DataTypes.STRING(64), allowNull: true },
    });
    await qi.addIndex('outbox', ['status', 'next_attempt_at'], { name: 'outbox_due' });
    await qi.addIndex('outbox', ['sender_key', 'created_at'], { name: 'outbox_sender' });
    await qi.addIndex('outbox', ['created_at'], { name: 'outbox_created' });
  },
  async down({ queryInterface: qi }) {
    for (const table of ['outbox', 'smtp_settings', 'login_attempts', 'admin_sessions', 'admin_users']) {
      await qi.dropTable(table);
    }
  },
};
