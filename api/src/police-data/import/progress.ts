import { bytes, count, duration, perSecond } from './format.ts';
import type { ImportProgress } from './types.ts';

export interface ProgressReporterOptions {
  write: (text: string) => void;
  /** A terminal gets one redrawn bar; anything else (logs, CI) gets plain lines. */
  tty: boolean;
  /** Terminal width, to keep the bar on one line. */
  columns?: number;
  /** Plain mode: a "still working" line at most this often for a long file or download. */
  intervalMs?: number;
  now?: () => number;
}

export interface ProgressReporter {
  onProgress(event: ImportProgress): void;
  /** Clears the bar; call before printing anything else. */
  finish(): void;
}

/** Renders importer progress: files, rows, rows/s and an ETA from the bytes still to read. */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.intervalMs ?? 5000;
  const start = now();
  let files = 0;
  let filesDone = 0;
  let totalBytes = 0;
  let bytesDone = 0;
  let rowsDone = 0;
  let current: { file: string; rows: number; bytes: number; started: number } | undefined;
  let lastDraw = -Infinity;
  let lastLine = -Infinity;
  let barShown = false;

  const line = (text: string) => {
    if (barShown) options.write('\r\x1b[2K');
    barShown = false;
    options.write(`${text}\n`);
  };

  const status = (): string => {
    const elapsed = now() - start;
    const rows = rowsDone + (current?.rows ?? 0);
    const done = bytesDone + (current?.bytes ?? 0);
    const rate = perSecond(done, elapsed);
    const eta = rate > 0 && totalBytes > done ? duration(((totalBytes - done) / rate) * 1000) : '-';
    return `files ${filesDone}/${files} | ${count(rows)} rows | ${count(perSecond(rows, elapsed))} rows/s | ETA ${eta}`;
  };

  const drawBar = (force = false) => {
    const t = now();
    if (!force && t - lastDraw < 100) return;
    lastDraw = t;
    const done = bytesDone + (current?.bytes ?? 0);
    const share = totalBytes > 0 ? Math.min(1, done / totalBytes) : 0;
    const width = 20;
    const filled = Math.round(share * width);
    let text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${status()}`;
    if (current) text += ` | ${current.file}`;
    const columns = options.columns ?? 120;
    if (text.length > columns - 1) text = text.slice(0, columns - 2) + '…';
    options.write(`\r\x1b[2K${text}`);
    barShown = true;
  };

  return {
    onProgress(event) {
      const t = now();
      switch (event.type) {
        case 'download': {
          const of = event.totalBytes ? ` of ${bytes(event.totalBytes)}` : '';
          const text = `Downloading ${event.source}: ${bytes(event.receivedBytes)}${of} (${bytes(perSecond(event.receivedBytes, t - start))}/s)`;
          if (options.tty) {
            if (t - lastDraw >= 100) {
              lastDraw = t;
              options.write(`\r\x1b[2K${text}`);
              barShown = true;
            }
          } else if (t - lastLine >= intervalMs) {
            lastLine = t;
            line(text);
          }
          return;
        }
        case 'source':
          files += event.files;
          totalBytes += event.totalBytes;
          line(`Importing ${event.source}: ${count(event.files)} file(s), ${bytes(event.totalBytes)}`);
          return;
        case 'file-start':
          current = { file: event.file, rows: 0, bytes: 0, started: t };
          lastLine = t;
          if (options.tty) drawBar(true);
          return;
        case 'file-rows':
          if (!current) return;
          current.rows = event.rows;
          current.bytes = event.bytes;
          if (options.tty) drawBar();
          else if (t - lastLine >= intervalMs) {
            lastLine = t;
            line(
              `  ${current.file}: ${count(event.rows)} rows so far (${count(perSecond(event.rows, t - current.started))} rows/s)`,
            );
          }
          return;
        case 'file-done': {
          const { result } = event;
          filesDone++;
          rowsDone += result.rows;
          bytesDone += current?.bytes ?? 0;
          current = undefined;
          if (options.tty && !result.error && result.skipped === 0) {
            drawBar(true);
            return;
          }
          const outcome = result.stopped
            ? 'STOPPED: rolled back'
            : result.error
              ? `NOT IMPORTED: ${result.error}`
              : result.duplicate
                ? `DUPLICATE of ${result.duplicate.of}, not imported`
                : `${count(result.rows)} rows, ${count(result.skipped)} skipped`;
          line(`[${filesDone}/${files}] ${result.file}: ${outcome} (${duration(result.durationMs)})`);
          if (options.tty) drawBar(true);
          return;
        }
      }
    },
    finish() {
      if (barShown) options.write('\r\x1b[2K');
      barShown = false;
    },
  };
}
