import { DataTypes } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * The police data store. Months are INTEGER yyyymm (compact, range-comparable); categories are the
 * SMALLINT codes of common/crime/categories.ts. `dataset_months` records which force-months the
 * store holds, so a missing month reads as "no data", never as zero crimes.
 */
export const policeStore: Migration = {
  name: '0001-police-store',
  async up({ queryInterface: qi, sequelize }) {
    // SQLite's TEXT has no size; MySQL's needs LONGTEXT for GeoJSON boundaries and cached API bodies.
    const longText = sequelize.getDialect() === 'mysql' ? DataTypes.TEXT('long') : DataTypes.TEXT;
    await qi.createTable('imports', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      source: { type: DataTypes.STRING(1024), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false },
      synthetic: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      started_at: { type: DataTypes.DATE, allowNull: false },
      finished_at: { type: DataTypes.DATE, allowNull: true },
      months: { type: DataTypes.TEXT, allowNull: false },
      forces: { type: DataTypes.TEXT, allowNull: false },
      files: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      rows_imported: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      rows_skipped: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      duration_ms: { type: DataTypes.INTEGER, allowNull: true },
      error: { type: DataTypes.TEXT, allowNull: true },
    });

    await qi.createTable('dataset_months', {
      force_id: { type: DataTypes.STRING(64), primaryKey: true },
      month: { type: DataTypes.INTEGER, primaryKey: true },
      dataset: { type: DataTypes.STRING(24), primaryKey: true },
      row_count: { type: DataTypes.INTEGER, allowNull: false },
      skipped_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      synthetic: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      import_id: { type: DataTypes.INTEGER, allowNull: true },
      imported_at: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex('dataset_months', ['dataset', 'month'], { name: 'dataset_months_dataset_month' });

    await qi.createTable('crimes', {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      force_id: { type: DataTypes.STRING(64), allowNull: false },
      month: { type: DataTypes.INTEGER, allowNull: false },
      category: { type: DataTypes.SMALLINT, allowNull: false },
      crime_ref: { type: DataTypes.STRING(64), allowNull: true },
      lat: { type: DataTypes.DOUBLE, allowNull: true },
      lng: { type: DataTypes.DOUBLE, allowNull: true },
      // common/geo/grid.ts cell of (lat, lng); null for rows without a location
      cell: { type: DataTypes.INTEGER, allowNull: true },
      street: { type: DataTypes.STRING(255), allowNull: true },
      lsoa_code: { type: DataTypes.STRING(12), allowNull: true },
      outcome: { type: DataTypes.STRING(128), allowNull: true },
    });
    await qi.addIndex('crimes', ['force_id', 'month', 'category'], { name: 'crimes_force_month_category' });

    await qi.createTable('outcomes', {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      force_id: { type: DataTypes.STRING(64), allowNull: false },
      month: { type: DataTypes.INTEGER, allowNull: false },
      crime_ref: { type: DataTypes.STRING(64), allowNull: false },
      outcome_type: { type: DataTypes.STRING(128), allowNull: false },
      lat: { type: DataTypes.DOUBLE, allowNull: true },
      lng: { type: DataTypes.DOUBLE, allowNull: true },
    });
    await qi.addIndex('outcomes', ['force_id', 'month'], { name: 'outcomes_force_month' });

    await qi.createTable('stop_searches', {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      force_id: { type: DataTypes.STRING(64), allowNull: false },
      month: { type: DataTypes.INTEGER, allowNull: false },
      type: { type: DataTypes.STRING(64), allowNull: true },
      occurred_at: { type: DataTypes.STRING(32), allowNull: true },
      operation: { type: DataTypes.BOOLEAN, allowNull: true },
      operation_name: { type: DataTypes.STRING(255), allowNull: true },
      lat: { type: DataTypes.DOUBLE, allowNull: true },
      lng: { type: DataTypes.DOUBLE, allowNull: true },
      gender: { type: DataTypes.STRING(32), allowNull: true },
      age_range: { type: DataTypes.STRING(32), allowNull: true },
      self_defined_ethnicity: { type: DataTypes.STRING(128), allowNull: true },
      officer_defined_ethnicity: { type: DataTypes.STRING(64), allowNull: true },
      legislation: { type: DataTypes.STRING(255), allowNull: true },
      object_of_search: { type: DataTypes.STRING(128), allowNull: true },
      outcome: { type: DataTypes.STRING(128), allowNull: true },
      outcome_linked: { type: DataTypes.BOOLEAN, allowNull: true },
      outer_clothing_removed: { type: DataTypes.BOOLEAN, allowNull: true },
    });
    await qi.addIndex('stop_searches', ['force_id', 'month'], { name: 'stop_searches_force_month' });
    await qi.addIndex('stop_searches', ['month', 'lat', 'lng'], { name: 'stop_searches_month_position' });

    await qi.createTable('postcodes', {
      postcode: { type: DataTypes.STRING(8), primaryKey: true },
      compact: { type: DataTypes.STRING(7), allowNull: false },
      lat: { type: DataTypes.DOUBLE, allowNull: false },
      lng: { type: DataTypes.DOUBLE, allowNull: false },
      synthetic: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    });
    await qi.addIndex('postcodes', ['compact'], { name: 'postcodes_compact', unique: true });

    await qi.createTable('lsoa_populations', {
      lsoa_code: { type: DataTypes.STRING(12), primaryKey: true },
      name: { type: DataTypes.STRING(255), allowNull: true },
      population: { type: DataTypes.INTEGER, allowNull: false },
    });

    await qi.createTable('neighbourhoods', {
      force_id: { type: DataTypes.STRING(64), primaryKey: true },
      id: { type: DataTypes.STRING(128), primaryKey: true },
      name: { type: DataTypes.STRING(255), allowNull: false },
      boundary: { type: longText, allowNull: true },
      min_lat: { type: DataTypes.DOUBLE, allowNull: true },
      max_lat: { type: DataTypes.DOUBLE, allowNull: true },
      min_lng: { type: DataTypes.DOUBLE, allowNull: true },
      max_lng: { type: DataTypes.DOUBLE, allowNull: true },
    });

    await qi.createTable('police_api_cache', {
      cache_key: { type: DataTypes.STRING(255), primaryKey: true },
      body: { type: longText, allowNull: false },
      fetched_at: { type: DataTypes.DATE, allowNull: false },
    });
  },
  async down({ queryInterface: qi }) {
    for (const table of [
      'police_api_cache',
      'neighbourhoods',
      'lsoa_populations',
      'postcodes',
      'stop_searches',
      'outcomes',
      'crimes',
      'dataset_months',
      'imports',
    ]) {
      await qi.dropTable(table);
    }
  },
};
