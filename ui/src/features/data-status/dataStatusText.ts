import type { CheckResult, ForceMonthStatus } from '../../../../common/contracts/data-status.ts';

/** How a force-month reads in the table and the grid's legend. */
export const STATUS_LABELS: Record<ForceMonthStatus, string> = {
  held: 'Held',
  missing: 'Missing',
  'not-imported': 'Not imported',
};

export const STATUS_HELP: Record<ForceMonthStatus, string> = {
  held: 'the site holds this force’s street crime for the month',
  missing: 'published for other forces, but this force has no file for the month',
  'not-imported': 'the force’s file for the month could not be imported',
};

export const CHECK_LABELS: Record<CheckResult, string> = {
  'up-to-date': 'Up to date',
  imported: 'New data imported',
  partial: 'Partly imported',
  failed: 'Check failed',
  off: 'No scheduled checks',
};

/** "2024-03" → "Mar 2024". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const date = new Date(Date.UTC(Number(year), Number(m) - 1, 1));
  return date.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An instant for people: "26 Nov 2026, 18:05 UTC"; a dash when there is none. */
export function instantLabel(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}
