import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Area alerts by email (a mail when a new month of an area's crimes is imported) and the months
 * they were sent for. Times are epoch milliseconds.
 *
 * `alert_subscriptions`: one row per subscription, pending until its address confirms. The email
 * is stored only encrypted with SECRET_KEY (`email_enc`) and as a keyed hash (`email_hash`) for
 * look-ups and limits; the token that confirms and unsubscribes is stored as its SHA-256 for
 * look-ups and encrypted for the mails that carry it. A pending row lives until `expires_at`.
 *
 * `notified_months`: the months of police data whose arrival was announced (alerts queued,
 * webhooks queued); a month is written in the same transaction as what announces it.
 */
export const areaAlerts: Migration = {
  name: '2026-11-26-area-alerts',
  async up({ queryInterface: qi }) {
    const at = (allowNull = false) => ({ type: DataTypes.BIGINT, allowNull });
    await qi.createTable('alert_subscriptions', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      email_enc: { type: DataTypes.TEXT, allowNull: false },
      email_hash: { type: DataTypes.STRING(64), allowNull: false },
      area: { type: DataTypes.STRING(200), allowNull: false },
      categories: { type: DataTypes.STRING(600), allowNull: true },
      token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      token_enc: { type: DataTypes.TEXT, allowNull: false },
      created_at: at(),
      confirmed_at: at(true),
      expires_at: at(true),
    });
    await qi.addIndex('alert_subscriptions', ['email_hash', 'area'], { name: 'alert_subscriptions_email' });
    await qi.addIndex('alert_subscriptions', ['confirmed_at'], { name: 'alert_subscriptions_confirmed' });
    await qi.addIndex('alert_subscriptions', ['expires_at'], { name: 'alert_subscriptions_expires' });

    await qi.createTable('notified_months', {
      month: { type: DataTypes.INTEGER, primaryKey: true },
      data_version: { type: DataTypes.STRING(200), allowNull: false },
      notified_at: at(),
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('notified_months');
    await qi.dropTable('alert_subscriptions');
  },
};
