import { count, duration, perSecond } from './format.ts';
import { formatYearMonth } from './datasets/fields.ts';
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
      if (file.error) {
        out.push(`  ${file.file.padEnd(width)}  NOT IMPORTED: ${file.error}`);
        continue;
      }
      const skipped = file.skipped ? `, ${count(file.skipped)} skipped` : '';
      out.push(`  ${file.file.padEnd(width)}  ${count(file.rows).padStart(11)} rows${skipped}`);
      for (const problem of file.problems) out.push(`      ${file.file}:${problem.line}: ${problem.reason}`);
      if (file.skipped > file.problems.length) {
        out.push(`      ... and ${count(file.skipped - file.problems.length)} more skipped row(s)`);
      }
    }
    if (source.months.length > 0) {
      const first = formatYearMonth(source.months[0]!);
      const last = formatYearMonth(source.months.at(-1)!);
      out.push(`  months ${first} to ${last}, ${source.forces.length} force(s)`);
    }
  }
  const rate = count(perSecond(summary.rows, summary.durationMs));
  const failed = summary.filesFailed ? `, ${summary.filesFailed} file(s) NOT imported` : '';
  out.push(
    `Total: ${count(summary.filesImported)} file(s), ${count(summary.rows)} rows, ${count(summary.skipped)} skipped${failed}, ${duration(summary.durationMs)} (${rate} rows/s)`,
  );
  return out.join('\n');
}
