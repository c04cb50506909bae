import type { ImportRecord } from '../../../../common/contracts/admin.ts';
import { forceById } from '../../../../common/police/forces.ts';
import { addMonths, parseMonth, shortMonthIn, type MonthNumber } from '../../../../common/search/months.ts';

/** The admin area is English: only the site's staff read it. */
const monthText = (month: MonthNumber) => shortMonthIn(month, 'en');

/**
 * Held months as runs, so a gap stands out: ["2024-01", "2024-02", "2024-04"] →
 * "Jan 2024 – Feb 2024, Apr 2024". Unreadable months are listed as they came.
 */
export function monthRuns(months: readonly string[]): string {
  const held = [...new Set(months.map(parseMonth).filter((m): m is MonthNumber => m !== undefined))].sort(
    (a, b) => a - b,
  );
  const odd = months.filter((m) => parseMonth(m) === undefined);
  const runs: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  const close = () => {
    if (start === undefined || previous === undefined) return;
    runs.push(start === previous ? monthText(start) : `${monthText(start)} – ${monthText(previous)}`);
  };
  for (const month of held) {
    if (previous === undefined || month !== addMonths(previous, 1)) {
      close();
      start = month;
    }
    previous = month;
  }
  close();
  return [...runs, ...odd].join(', ');
}

export function forceName(forceId: string): string {
  return forceById(forceId)?.name ?? forceId;
}

const DATASET_NAMES: Record<string, string> = {
  street: 'Street crime',
  outcomes: 'Outcomes',
  'stop-and-search': 'Stop and search',
};

export function datasetName(dataset: string): string {
  return DATASET_NAMES[dataset] ?? dataset;
}

export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** What the last import means for the store, in one sentence. */
export function importStateText(record: Pick<ImportRecord, 'status' | 'files' | 'filesFailed'>): string {
  const failed = `${record.filesFailed} file${record.filesFailed === 1 ? ' was' : 's were'} not imported`;
  switch (record.status) {
    case 'completed':
      return `Completed: every file is in the store (${record.files} imported this run).`;
    case 'partial':
      return `Partial: ${failed}; the store lacks their data until the same import is run again.`;
    case 'failed':
      return record.filesFailed > 0
        ? `Failed: ${failed}, and nothing was imported.`
        : 'Failed: nothing was imported.';
    case 'running':
      return `Running: ${record.files} file${record.files === 1 ? '' : 's'} imported so far.`;
    case 'stopped':
      return (
        `Stopped: someone stopped the import (Ctrl-C or SIGTERM) after ${record.files} file${record.files === 1 ? '' : 's'}; ` +
        'the file under way was rolled back. Run the same import again to finish.'
      );
    case 'interrupted':
      return 'Interrupted: the import stopped before it finished; run it again to bring in the rest.';
    default:
      return record.status;
  }
}
