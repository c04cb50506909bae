import { shortMonth } from '../search/searchFormat.ts';
import type {
  CheckResult,
  DataStatus,
  ForceDataStatus,
  ForceMonthStatus,
} from '../../../../common/contracts/data-status.ts';
import { formatDate, type Locale } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { forceNameFor, inForceNameOrder } from '../../../../common/police/force-name.ts';

/** How a force-month reads in the table and the grid's legend (common/i18n/messages). */
export const STATUS_LABELS: Record<ForceMonthStatus, MessageId> = {
  held: 'dataStatus.status.held',
  missing: 'dataStatus.status.missing',
  'not-imported': 'dataStatus.status.notImported',
};

export const STATUS_HELP: Record<ForceMonthStatus, MessageId> = {
  held: 'dataStatus.help.held',
  missing: 'dataStatus.help.missing',
  'not-imported': 'dataStatus.help.notImported',
};

export const CHECK_LABELS: Record<CheckResult, MessageId> = {
  'up-to-date': 'dataStatus.check.upToDate',
  imported: 'dataStatus.check.imported',
  partial: 'dataStatus.check.partial',
  failed: 'dataStatus.check.failed',
  off: 'dataStatus.check.off',
};

/**
 * The forces as the page lists them: each named in the page's language ("Heddlu De Cymru" on a
 * Welsh page), in the order of those names.
 */
export function forcesAsShown(forces: readonly ForceDataStatus[], locale: Locale): ForceDataStatus[] {
  return inForceNameOrder(forces, locale).map((force) => ({
    ...force,
    name: forceNameFor(force.id, locale, force.name),
  }));
}

/** An instant for people: "26 Nov 2026, 18:05 UTC"; a dash when there is none. */
export function instantLabel(iso: string | null, locale: Locale = 'en'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date, locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}

/**
 * The sentence that explains the last check, worded here from the status's facts (its result, the
 * next check, the newest month), not the server's English sentence, so a Welsh page says it in
 * Welsh. `off` with no check yet but one scheduled means updates are on and have not run.
 */
export function checkNote(
  status: Pick<DataStatus, 'lastCheck' | 'nextCheckAt' | 'latestMonth'>,
  locale: Locale = 'en',
): {
  id: MessageId;
  values?: Record<string, string>;
} {
  const newest = status.latestMonth ? { month: shortMonth(status.latestMonth, locale) } : undefined;
  switch (status.lastCheck.result) {
    case 'up-to-date':
      return newest
        ? { id: 'dataStatus.checkNote.upToDate', values: newest }
        : { id: 'dataStatus.checkNote.upToDateNone' };
    case 'imported':
      return newest
        ? { id: 'dataStatus.checkNote.imported', values: newest }
        : { id: 'dataStatus.checkNote.partial' };
    case 'partial':
      return { id: 'dataStatus.checkNote.partial' };
    case 'failed':
      return { id: 'dataStatus.checkNote.failed' };
    case 'off':
      return status.lastCheck.at === null && status.nextCheckAt !== null
        ? { id: 'dataStatus.checkNote.notYet' }
        : { id: 'dataStatus.checkNote.off' };
  }
}
