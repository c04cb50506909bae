import type { DerivedTable } from '../derived-tables.ts';

import type { MonthDatasetKind } from './month-tables.ts';

export type { MonthDatasetKind } from './month-tables.ts';
export type ReferenceKind = 'postcodes' | 'population' | 'neighbourhoods';
export type FileKind = MonthDatasetKind | ReferenceKind;

/** A row that was not imported, where it is and why. */
export interface RowProblem {
  line: number;
  reason: string;
}

export interface FileResult {
  /** Path inside the source, e.g. `2024-01/2024-01-kent-street.csv`. */
  file: string;
  kind: FileKind;
  forceId?: string;
  /** yyyymm, for month datasets. */
  month?: number;
  rows: number;
  skipped: number;
  /** The first few skipped rows; `skipped` counts them all. */
  problems: RowProblem[];
  /** Set when the whole file was rolled back; the store keeps what it had before. */
  error?: string;
  /** The store already held this file's content from an earlier import: it was not read again. */
  unchanged?: { importId: number };
  /**
   * Another file of this run holds the same dataset, force and month, and came first: this one was
   * not imported (a force-month is one file; which copy is right is for a person to decide).
   */
  duplicate?: { of: string; sameContent: boolean };
  /** The import was stopped during this file: it was rolled back. */
  stopped?: boolean;
  /** The file is not valid UTF-8 and was read as Windows-1252, the forces' spreadsheets' encoding. */
  encoding?: 'windows-1252';
  /** crc32 and size of the content (sources/source.ts), when it could be read. */
  fingerprint?: string;
  durationMs: number;
}

/**
 * completed: every file is in the store; partial: some files are, others were not imported (see
 * their errors); failed: nothing could be imported; stopped: stopped on request (Ctrl-C, SIGTERM)
 * or because another import took its lease over, the file under way rolled back.
 */
export type ImportStatus = 'completed' | 'partial' | 'failed' | 'stopped';

export interface SourceSummary {
  source: string;
  /** Id of the row in `imports`. */
  importId: number;
  status: ImportStatus;
  synthetic: boolean;
  files: FileResult[];
  rows: number;
  skipped: number;
  months: number[];
  forces: string[];
  /** Why the source as a whole could not be read (offline, not a zip, ...). */
  error?: string;
  /** The source is a URL and its host could not be reached at all. */
  offline: boolean;
  durationMs: number;
}

export interface ImportSummary {
  sources: SourceSummary[];
  /** Files imported (committed), over all sources. */
  filesImported: number;
  /** Files left alone because the store already held them unchanged. */
  filesUnchanged: number;
  /** Second copies of a force-month already imported in this run, left out. */
  filesDuplicate: number;
  filesFailed: number;
  /** The worst status of the sources. */
  status: ImportStatus;
  rows: number;
  skipped: number;
  durationMs: number;
}

export type ImportProgress =
  | { type: 'download'; source: string; receivedBytes: number; totalBytes: number | undefined }
  | { type: 'source'; source: string; files: number; totalBytes: number }
  | { type: 'file-start'; source: string; file: string; index: number; files: number; bytes: number }
  /** Sent as a file is read: cumulative rows and input bytes of the file so far. */
  | { type: 'file-rows'; source: string; file: string; rows: number; skipped: number; bytes: number }
  | { type: 'file-done'; source: string; result: FileResult };

export interface ImportOptions {
  /** Refreshed inside the transaction of every street force-month. */
  derivedTables?: readonly DerivedTable[];
  /** Marks everything imported as synthetic; by default a `SYNTHETIC.txt` in the source decides. */
  synthetic?: boolean;
  onProgress?: (event: ImportProgress) => void;
  log?: (message: string) => void;
  /** How many skipped rows per file are kept with their line and reason (default 5). */
  problemsPerFile?: number;
  /** Stops the import: the file under way is rolled back and the run is recorded as stopped. */
  signal?: AbortSignal;
  /** The import lease's time to live (its heartbeat beats four times in it); tests shorten it. */
  leaseTtlMs?: number;
}
