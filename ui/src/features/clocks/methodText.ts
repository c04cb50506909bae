/**
 * What the "How this is counted" panel says (MethodPanel.tsx), worked out from a clock's
 * definition alone, so the page, the wall screen and the embed's link say the same. Coverage is
 * the one statement of common/police-coverage, carried in the definition's meta.
 */
import type { ClockDefinition, ClockKind } from '../../../../common/clock/types.ts';
import { londonOffsetMs } from '../../../../common/clock/london-time.ts';
import { formatDate, formatMonth, isSyntheticData } from './clockText.ts';

export interface MethodRow {
  readonly term: string;
  readonly text: string;
}

export const METHOD_CAVEAT =
  'The clock shows a yearly rate spread evenly over time, faster in each kind of crime’s busiest hours. ' +
  'It does not show when crimes happen, and a digit turning over is not a crime taking place now.';

const MS_PER_DAY = 86_400_000;

/** "3 days", "1 month", "14 months": how long ago a date was, in the coarsest whole unit. */
export function ageText(fromMs: number, nowMs: number): string {
  const days = Math.max(0, Math.floor((nowMs - fromMs) / MS_PER_DAY));
  if (days < 61) return days === 1 ? '1 day' : `${days} days`;
  const months = Math.floor(days / 30.44);
  return `${months} months`;
}

/** The last day of a YYYY-MM month, as an instant (UTC noon), or null if unreadable. */
function endOfMonthMs(yearMonth: string): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]), 0, 12);
}

function dateMs(iso: string): number | null {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(ms) ? null : ms;
}

export function methodRows(kind: ClockKind, definition: ClockDefinition, nowMs: number): MethodRow[] {
  const meta = definition.meta;
  const published = dateMs(meta.lastUpdated);
  const names = definition.categories.map((c) => c.name);
  const rows: MethodRow[] = [
    {
      term: 'Source',
      text: `${meta.dataSource}, published ${dayOf(meta.lastUpdated)}${isSyntheticData(meta) ? ' (a generated sample, not real police records)' : ''}.`,
    },
  ];
  if (kind === 'police') {
    const coverage = meta.coverage;
    const excluded = meta.excludedForces.map((f) => `${f.name} (${f.reason})`);
    if (!definition.categories.some((c) => c.id === 'anti-social-behaviour'))
      excluded.push('anti-social behaviour (an incident type, not a notifiable crime)');
    rows.push(
      {
        term: 'Period of the rate',
        text: `${capitalise(meta.pace ?? 'the latest months with data')}${meta.latestDataMonth ? `, to ${formatMonth(meta.latestDataMonth)}` : ''}, scaled to a year.`,
      },
      {
        term: 'Included',
        text:
          `${coverage ? `${coverage.text}. ` : `${meta.areaName}. `}` +
          `${names.length} ${names.length === 1 ? 'category' : 'categories'} of crime: ${names.join(', ')}.`,
      },
      {
        term: 'Excluded',
        text:
          (excluded.length > 0 ? `${capitalise(excluded.join('; '))}. ` : '') +
          'Forces and months without published data, and crimes the police never recorded.',
      },
    );
  } else {
    rows.push(
      {
        term: 'Period of the rate',
        text: `The survey’s latest yearly estimate (${meta.dataSource}), spread over the calendar year.`,
      },
      {
        term: 'Included and excluded',
        text: `${meta.survey?.note ?? meta.dataMethod} ${names.length} categories of crime: ${names.join(', ')}.`,
      },
    );
  }
  const dataEnd = meta.latestDataMonth ? endOfMonthMs(meta.latestDataMonth) : published;
  rows.push(
    {
      term: 'Peak and off-peak hours',
      text:
        'Each kind of crime counts faster in the hours of the day it is most often committed (PEAK) and slower ' +
        'outside them (OFF-PEAK), by the time in the UK; over a whole day it adds up to its yearly average.',
    },
    {
      term: 'Age of the data',
      text:
        dataEnd === null
          ? `Published ${dayOf(meta.lastUpdated)}.`
          : meta.latestDataMonth
            ? `The newest month, ${formatMonth(meta.latestDataMonth)}, ended ${ageText(dataEnd, nowMs)} ago. Next update: ${meta.nextUpdate}.`
            : `Published ${ageText(dataEnd, nowMs)} ago. Next update: ${meta.nextUpdate}.`,
    },
    { term: 'Read it as', text: METHOD_CAVEAT },
  );
  return rows;
}

/** The London day of a date or date-time, "2 May 2026": the publication's day, not its minute. */
function dayOf(iso: string): string {
  const ms = dateMs(iso);
  return ms === null ? iso : formatDate(new Date(ms + londonOffsetMs(ms)).toISOString().slice(0, 10));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
