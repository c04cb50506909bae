/**
 * The admin Imports card's contract: what the police data store holds, as the API sends it and the
 * browser reads it (GET /api/admin/imports).
 */

/** A file an import could not bring in, and why (the store kept what it held before). */
export interface FailedImportFile {
  file: string;
  error: string;
}

export interface ImportRecord {
  id: number;
  source: string;
  /** running, completed, partial (some files not imported), failed, interrupted */
  status: string;
  synthetic: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  /** "YYYY-MM" */
  months: string[];
  forces: string[];
  files: number;
  rowsImported: number;
  rowsSkipped: number;
  durationMs: number | null;
  error: string | null;
  /** How many files were not imported, and the first of them with their reasons. */
  filesFailed: number;
  failedFiles: FailedImportFile[];
}

export interface ForceHoldings {
  forceId: string;
  datasets: { dataset: string; months: string[]; rows: number; synthetic: boolean }[];
}

export interface ImportsOverview {
  imports: ImportRecord[];
  forces: ForceHoldings[];
}
