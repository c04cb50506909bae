import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * The language a subscription to area alerts was made in, English or Welsh: its mails, their
 * subjects and the pages they link to are in that language. 'en' or 'cy' (common/i18n/locale.ts);
 * the rows made before there was a choice were made on English pages, so they are 'en'.
 */
export const alertLocale: Migration = {
  name: '2026-11-26-alert-locale',
  async up({ queryInterface: qi }) {
    await qi.addColumn('alert_subscriptions', 'locale', {
      type: DataTypes.STRING(8),
      allowNull: false,
      defaultValue: 'en',
    });
  },
  async down({ queryInterface: qi }) {
    await qi.removeColumn('alert_subscriptions', 'locale');
  },
};
