import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * One row per file an import run met: imported, failed (and why) or left alone because the store
 * already holds it unchanged. The admin Imports card lists a run's failed files from here, and a
 * re-run of the same import compares `fingerprint` (crc32 and size of the content) to bring in
 * only what is missing or changed.
 */
export const importFiles: Migration = {
  name: '0008-import-files',
  async up({ queryInterface: qi }) {
    await qi.createTable('import_files', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      import_id: { type: DataTypes.INTEGER, allowNull: false },
      path: { type: DataTypes.STRING(1024), allowNull: false },
      kind: { type: DataTypes.STRING(24), allowNull: false },
      force_id: { type: DataTypes.STRING(64), allowNull: true },
      month: { type: DataTypes.INTEGER, allowNull: true },
      fingerprint: { type: DataTypes.STRING(32), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false },
      row_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      skipped_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      error: { type: DataTypes.TEXT, allowNull: true },
    });
    await qi.addIndex('import_files', ['import_id', 'status'], { name: 'import_files_import' });
    await qi.addIndex('import_files', ['force_id', 'month', 'kind'], { name: 'import_files_force_month' });
  },
  async down({ queryInterface: qi }) {
    await qi.dropTable('import_files');
  },
};
