import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Crimes per force, month and category: a few thousand rows standing in for millions, so the
 * police clock and national totals never scan the crimes table. Kept exact by the importer,
 * which refreshes a force-month's rows in the transaction that replaces its crimes.
 */
export const categoryMonthCounts: Migration = {
  name: '0003-category-month-counts',
  async up({ queryInterface: qi }) {
    await qi.createTable('category_month_counts', {
      force_id: { type: DataTypes.STRING(64), primaryKey: true },
      month: { type: DataTypes.INTEGER, primaryKey: true },
      category: { type: DataTypes.SMALLINT, primaryKey: true },
      crime_count: { type: DataTypes.INTEGER, allowNull: false },
    });
    await qi.addIndex('category_month_counts', ['month', 'category'], {
      name: 'category_month_counts_month',
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('category_month_counts');
  },
};
