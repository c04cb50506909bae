import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { csvField as sharedCsvField } from '../../common/csv/csv.ts';

/**
 * A field as the official files write it: the project's one CSV escaper, without the spreadsheet
 * formula guard (the real archives carry none, and the importer must read what they read).
 */
export function csvField(value: string): string {
  return sharedCsvField(value, { guardFormulas: false });
}

export type LineEnding = '\r\n' | '\n';

/** Characters gathered before a write; large writes keep system calls few. */
const CHUNK_CHARS = 1 << 17;

/**
 * Writes lines to a file in large chunks and waits when the stream's buffer is full, so memory
 * stays flat however many rows a file gets. Usage: `if (w.add(line)) await w.flush();`.
 */
export class CsvFileWriter {
  private readonly stream: WriteStream;
  private pending = '';
  private error: Error | undefined;
  rows = 0;

  constructor(
    readonly path: string,
    header: string,
    private readonly eol: LineEnding,
    options: { bom?: boolean } = {},
  ) {
    this.stream = createWriteStream(path);
    this.stream.on('error', (err) => {
      this.error ??= err;
    });
    this.pending = (options.bom ? '\uFEFF' : '') + header + eol;
  }

  /** Queues one data row; true when enough is queued that the caller should flush. */
  add(line: string): boolean {
    this.pending += line + this.eol;
    this.rows++;
    return this.pending.length >= CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (this.error) throw this.error;
    if (this.pending.length === 0) return;
    const ok = this.stream.write(this.pending);
    this.pending = '';
    if (!ok) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
    if (this.error) throw this.error;
  }

  /** Closes the file without caring about its content (used when generation fails). */
  destroy(): void {
    this.stream.destroy();
  }
}
