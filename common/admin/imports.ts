/**
 * The admin Imports card's contract: what the police data store holds, as the API sends it and the
 * browser reads it (GET /api/admin/imports).
 */

export interface ImportRecord {
  id: number;
  source: string;
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
}

export interface ForceHoldings {
  forceId: string;
  datasets: { dataset: string; months: string[]; rows: number; synthetic: boolean }[];
}

export interface ImportsOverview {
  imports: ImportRecord[];
  forces: ForceHoldings[];
}
