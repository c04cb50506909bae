import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Survey clock figures an admin uploaded (format crime-clock/csew-figures@1, checked before it is
 * stored). The newest row is in use; with none, the figures shipped with the product. Older rows
 * stay as the record of what the clock showed when. Times are BIGINT ms since the epoch.
 */
export const csewFigures: Migration = {
  name: '0012-csew-figures',
  async up({ queryInterface: qi }) {
    await qi.createTable('csew_figures', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      document: { type: DataTypes.TEXT('medium'), allowNull: false },
      uploaded_at: { type: DataTypes.BIGINT, allowNull: false },
      uploaded_by: { type: DataTypes.STRING(100), allowNull: false },
    });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('csew_figures');
  },
};
