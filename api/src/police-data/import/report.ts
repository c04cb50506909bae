import { count, duration, perSecond } from './format.ts';
import { formatMonth } from '../../../../common/search/months.ts';
import type { ImportSummary } from './types.ts';

/** The end-of-run summary: one line per file, the first bad lines of each, and the totals. */
export function formatSummary(summary: ImportSummary): string {
  const out: string[] = ['Import summary'];
  for (const source of summary.sources) {
    const kind = source.synthetic ? ' (synthetic sample data)' : '';
    out.push(
      `${source.source}${kind}: ${source.status} in ${duration(source.durationMs)} (import #${source.importId})`,
    );
    if (source.error) out.push(`  ${source.error}`);
    const width = Math.max(0, ...source.files.map((f) => f.file.length));
    for (const file of source.files) {
      if (file.stopped) {
        out.push(`  ${file.file.padEnd(width)}  STOPPED: rolled back, the store keeps what it held`);
        continue;
      }
      if (file.error) {
        out.push(`  ${file.file.padEnd(width)}  NOT IMPORTED: ${file.error}`);
        continue;
      }
      if (file.unchanged) {
        out.push(
          `  ${file.file.padEnd(width)}  unchanged since import #${file.unchanged.importId}, left as it is`,
        );
        continue;
      }
      if (file.duplicate) {
        const content = file.duplicate.sameContent ? 'same content' : 'DIFFERENT content';
        out.push(
          `  ${file.file.padEnd(width)}  DUPLICATE of ${file.duplicate.of} (${content}), not imported: the store holds the first`,
        );
        continue;
      }
      const skipped = file.skipped ? `, ${count(file.skipped)} skipped` : '';
      const encoding = file.encoding ? ', read as Windows-1252 (not valid UTF-8)' : '';
      out.push(`  ${file.file.padEnd(width)}  ${count(file.rows).padStart(11)} rows${skipped}${encoding}`);
      for (const problem of file.problems) out.push(`      ${file.file}:${problem.line}: ${problem.reason}`);
      if (file.skipped > file.problems.length) {
        out.push(`      ... and ${count(file.skipped - file.problems.length)} more skipped row(s)`);
      }
    }
    if (source.months.length > 0) {
      const first = formatMonth(source.months[0]!);
      const last = formatMonth(source.months.at(-1)!);
      out.push(`  months ${first} to ${last}, ${source.forces.length} force(s)`);
    }
  }
  const rate = count(perSecond(summary.rows, summary.durationMs));
  const unchanged = summary.filesUnchanged ? `, ${count(summary.filesUnchanged)} unchanged` : '';
  const duplicates = summary.filesDuplicate ? `, ${count(summary.filesDuplicate)} duplicate(s) left out` : '';
  const failed = summary.filesFailed ? `, ${summary.filesFailed} file(s) NOT imported` : '';
  out.push(
    `Total: ${count(summary.filesImported)} file(s), ${count(summary.rows)} rows, ${count(summary.skipped)} skipped${unchanged}${duplicates}${failed}, ${duration(summary.durationMs)} (${rate} rows/s)`,
  );
  out.push(verdict(summary));
  return out.join('\n');
}

function verdict(summary: ImportSummary): string {
  switch (summary.status) {
    case 'completed':
      return 'Import completed.';
    case 'partial':
      return (
        'Import PARTIAL: the store lacks what is marked NOT IMPORTED above. Mend the cause and run the ' +
        'same command again: it brings in only what is missing.'
      );
    case 'failed':
      return 'Import FAILED: nothing was imported.';
    case 'stopped':
      return (
        'Import STOPPED: the file under way was rolled back, the files before it are in the store. ' +
        'Run the same command again to finish: it brings in only what is missing.'
      );
  }
}
