import type { Readable } from 'node:stream';

/** One file of a source, whatever holds it (a folder, a zip archive). */
export interface SourceEntry {
  /** Path inside the source with `/` separators, e.g. `2024-01/2024-01-kent-street.csv`. */
  path: string;
  /** Uncompressed size in bytes, for progress and ETA. */
  size: number;
  open(): Promise<Readable>;
}

export interface OpenedSource {
  /** How the source is named in logs and in the `imports` table. */
  label: string;
  entries: SourceEntry[];
  /** Closes archives and removes downloaded temporary files. */
  close(): Promise<void>;
}
