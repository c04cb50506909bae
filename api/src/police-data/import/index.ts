/** The police-data importer: what the CLI (`npm run import`) and the API's start-up use. */
export { importSources } from './import-sources.ts';
export { OfflineError } from './sources/open-source.ts';
export { createProgressReporter } from './progress.ts';
export { formatSummary } from './report.ts';
export type {
  FileKind,
  FileResult,
  ImportOptions,
  ImportProgress,
  ImportSummary,
  RowProblem,
  SourceSummary,
} from './types.ts';
