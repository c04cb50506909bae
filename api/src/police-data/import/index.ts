/**
 * The police-data importer: everything the rest of the product uses of it goes through this file
 * (scripts/lint/architecture-claims.test.ts holds product code to it). Its commands are in cli/.
 */
export { importSources } from './import-sources.ts';
export { importSampleIfEmpty, type PrepareSample } from './cli/sample-if-empty.ts';
export { OfflineError } from './sources/open-source.ts';
export { createProgressReporter } from './progress.ts';
export { formatSummary } from './report.ts';
// The store's leases: the import holds IMPORT_LEASE; the scheduled update and the month notices
// take their own beside it.
export {
  createLeaseService,
  IMPORT_LEASE,
  keepLeaseAlive,
  LeaseHeldError,
  type LeaseService,
} from './import-lease.ts';
export type {
  FileKind,
  FileResult,
  ImportOptions,
  ImportProgress,
  ImportSummary,
  RowProblem,
  SourceSummary,
} from './types.ts';
