import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress.ts';
import { formatSummary } from './report.ts';
import type { FileResult, ImportSummary } from './types.ts';

function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const done = (file: string, rows: number, extra: Partial<FileResult> = {}): FileResult => ({
  file,
  kind: 'street',
  forceId: 'kent',
  month: 202401,
  rows,
  skipped: 0,
  problems: [],
  durationMs: 2000,
  ...extra,
});

describe('createProgressReporter', () => {
  it('writes plain lines off a terminal: sources, slow files every interval, each finished file', () => {
    const clock = fakeClock();
    let out = '';
    const reporter = createProgressReporter({
      write: (t) => (out += t),
      tty: false,
      intervalMs: 1000,
      now: clock.now,
    });
    reporter.onProgress({ type: 'source', source: 'archive', files: 2, totalBytes: 2000 });
    reporter.onProgress({
      type: 'file-start',
      source: 'archive',
      file: 'a.csv',
      index: 0,
      files: 2,
      bytes: 1000,
    });
    clock.advance(500);
    reporter.onProgress({
      type: 'file-rows',
      source: 'archive',
      file: 'a.csv',
      rows: 100,
      skipped: 0,
      bytes: 400,
    });
    clock.advance(600);
    reporter.onProgress({
      type: 'file-rows',
      source: 'archive',
      file: 'a.csv',
      rows: 220,
      skipped: 0,
      bytes: 900,
    });
    reporter.onProgress({ type: 'file-done', source: 'archive', result: done('a.csv', 250, { skipped: 2 }) });
    reporter.finish();
    expect(out.split('\n')).toEqual([
      'Importing archive: 2 file(s), 2 kB',
      '  a.csv: 220 rows so far (200 rows/s)',
      '[1/2] a.csv: 250 rows, 2 skipped (2.0 s)',
      '',
    ]);
  });

  it('redraws one bar line on a terminal with rows, rate and an ETA from the bytes left', () => {
    const clock = fakeClock();
    let out = '';
    const reporter = createProgressReporter({
      write: (t) => (out += t),
      tty: true,
      columns: 200,
      now: clock.now,
    });
    reporter.onProgress({ type: 'source', source: 'archive', files: 1, totalBytes: 1000 });
    reporter.onProgress({
      type: 'file-start',
      source: 'archive',
      file: 'a.csv',
      index: 0,
      files: 1,
      bytes: 1000,
    });
    clock.advance(1000);
    reporter.onProgress({
      type: 'file-rows',
      source: 'archive',
      file: 'a.csv',
      rows: 5000,
      skipped: 0,
      bytes: 250,
    });
    const lastBar = out.split('\r\x1b[2K').at(-1)!;
    expect(lastBar).toBe(
      '[#####---------------]  25% files 0/1 | 5,000 rows | 5,000 rows/s | ETA 3.0 s | a.csv',
    );
    reporter.finish();
    expect(out.endsWith('\r\x1b[2K')).toBe(true);
  });
});

describe('formatSummary', () => {
  it('lists every file, the first bad lines with file:line, and totals', () => {
    const summary: ImportSummary = {
      sources: [
        {
          source: 'archive.zip',
          importId: 3,
          status: 'partial',
          error: '1 of 2 file(s) not imported',
          synthetic: true,
          files: [
            done('2024-01/2024-01-kent-street.csv', 1200, {
              skipped: 3,
              problems: [
                { line: 7, reason: 'unknown crime type "X"' },
                { line: 9, reason: 'quote never closed' },
              ],
            }),
            done('2024-01/2024-01-surrey-street.csv', 0, { error: 'the header lacks the column(s) "Month"' }),
          ],
          rows: 1200,
          skipped: 3,
          months: [202401],
          forces: ['kent'],
          offline: false,
          durationMs: 4000,
        },
      ],
      status: 'partial',
      filesImported: 1,
      filesDuplicate: 0,
      filesUnchanged: 0,
      filesFailed: 1,
      rows: 1200,
      skipped: 3,
      durationMs: 4000,
    };
    const text = formatSummary(summary);
    expect(text).toContain('archive.zip (synthetic sample data): partial in 4.0 s (import #3)');
    expect(text).toContain('  1 of 2 file(s) not imported');
    expect(text).toMatch(/2024-01\/2024-01-kent-street\.csv\s+1,200 rows, 3 skipped/);
    expect(text).toContain('2024-01/2024-01-kent-street.csv:7: unknown crime type "X"');
    expect(text).toContain('... and 1 more skipped row(s)');
    expect(text).toContain(
      '2024-01/2024-01-surrey-street.csv  NOT IMPORTED: the header lacks the column(s) "Month"',
    );
    expect(text).toContain(
      'Total: 1 file(s), 1,200 rows, 3 skipped, 1 file(s) NOT imported, 4.0 s (300 rows/s)',
    );
    expect(text.split('\n').at(-1)).toMatch(/^Import PARTIAL: .* run the same command again/);
  });
});
