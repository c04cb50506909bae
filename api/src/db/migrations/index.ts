import type { Migration } from './migration.ts';
import { policeStore } from './0001-police-store.ts';
import { searchIndexes } from './0002-search.ts';
import { categoryMonthCounts } from './0003-category-month-counts.ts';
import { adminTables } from './0004-admin.ts';
import { apiKeyTables } from './0005-api-keys.ts';
import { crimesImportIndexes } from './0006-crimes-import-indexes.ts';
import { oneCollation } from './0007-one-collation.ts';
import { importFiles } from './0008-import-files.ts';
import { securityTables } from './0009-security.ts';
import { csewFigures } from './0012-csew-figures.ts';
import { monthRows } from './0013-month-rows.ts';
import { datasetMonthsStamp } from './0014-dataset-months-stamp.ts';
import { dropCategoryMonthCounts } from './0015-drop-category-month-counts.ts';
import { cellMonthsByForce } from './0016-cell-months-by-force.ts';
import { importLease } from './2026-11-26-import-lease.ts';
import { webhookTables } from './2026-11-26-webhooks.ts';
import { dataUpdateChecks } from './2026-11-26-data-update-checks.ts';
import { areaAlerts } from './2026-11-26-area-alerts.ts';
import { alertLocale } from './2026-11-26-alert-locale.ts';
import { sessionAddressHash } from './2026-11-27-session-address-hash.ts';
import { apiKeyRequests } from './2026-12-07-api-key-requests.ts';

/** In order. Listed explicitly (not globbed) so the compiled build and tsx see the same set. */
export const migrations: readonly Migration[] = [
  policeStore,
  searchIndexes,
  categoryMonthCounts,
  adminTables,
  apiKeyTables,
  crimesImportIndexes,
  oneCollation,
  importFiles,
  securityTables,
  csewFigures,
  monthRows,
  datasetMonthsStamp,
  dropCategoryMonthCounts,
  cellMonthsByForce,
  importLease,
  webhookTables,
  dataUpdateChecks,
  areaAlerts,
  alertLocale,
  sessionAddressHash,
  apiKeyRequests,
];
