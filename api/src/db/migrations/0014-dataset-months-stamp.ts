import type { Migration } from './migration.ts';

/**
 * The police clock's version (`SELECT COUNT(*), MAX(imported_at) … WHERE dataset = 'street'`) is
 * read by every search and every clock request: this index answers it from the index alone. Without
 * it MariaDB read the whole table for it (`type=ALL`) and SQLite every row of the dataset.
 */
export const datasetMonthsStamp: Migration = {
  name: '0014-dataset-months-stamp',
  async up({ queryInterface: qi }) {
    await qi.addIndex('dataset_months', ['dataset', 'imported_at'], {
      name: 'dataset_months_dataset_imported',
    });
  },
  async down({ queryInterface: qi }) {
    await qi.removeIndex('dataset_months', 'dataset_months_dataset_imported');
  },
};
