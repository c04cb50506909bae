import type { Readable } from 'node:stream';

/** One file of a source, whatever holds it (a folder, a zip archive). */
export interface SourceEntry {
  /** Path inside the source with `/` separators, e.g. `2024-01/2024-01-kent-street.csv`. */
  path: string;
  /** Uncompressed size in bytes, for progress and ETA. */
  size: number;
  open(): Promise<Readable>;
  /**
   * `<crc32 hex>:<size>` of the uncompressed content: the zip's own record for an archive entry,
   * computed by reading a plain file. Tells a re-run which files it already imported unchanged.
   */
  fingerprint(): Promise<string>;
}

export interface OpenedSource {
  /** How the source is named in logs and in the `imports` table. */
  label: string;
  entries: SourceEntry[];
  /** Closes archives and removes downloaded temporary files. */
  close(): Promise<void>;
}

export function fingerprintOf(crc32: number, size: number): string {
  return `${(crc32 >>> 0).toString(16).padStart(8, '0')}:${size}`;
}
