/**
 * The police-data importer: everything the rest of the product uses of it goes through this file,
 * but for the store's leases (import-lease.ts), which the API's scheduled update and month notices
 * take beside the import's without loading the importer, the take-back of a stopped import's
 * months (withdraw-months.ts) and the start-up sample's step (cli/sample-if-empty.ts), which its
 * launcher loads by itself: through here every import (the command, the benchmarks, the tests)
 * would load it and the config's schema at start, some 680 modules it never uses
 * (docs/benchmarks.md). scripts/lint/architecture-claims.test.ts holds product code to
 * these. Its commands are in cli/.
 */
export { importSources } from './cli/compose-import.ts';
export { createProgressReporter } from './progress.ts';
export { formatSummary } from './report.ts';
export type { ImportSummary } from './types.ts';
