/**
 * The police-data importer: everything the rest of the product uses of it goes through this file,
 * but for the store's leases (import-lease.ts), which the API's scheduled update and month notices
 * take beside the import's without loading the importer (scripts/lint/architecture-claims.test.ts
 * holds product code to these two). Its commands are in cli/.
 */
export { importSources } from './cli/compose-import.ts';
export { importSampleIfEmpty } from './cli/sample-if-empty.ts';
export { createProgressReporter } from './progress.ts';
export { formatSummary } from './report.ts';
export type { ImportSummary } from './types.ts';
