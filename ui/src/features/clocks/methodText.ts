/**
 * What the "How this is counted" panel says (MethodPanel.tsx), worked out from a clock's
 * definition alone, so the page, the wall screen and the embed's link say the same. Coverage is
 * the one statement of common/police-coverage, carried in the definition's meta.
 */
import type { ClockDefinition, ClockKind } from '../../../../common/clock/types.ts';
import { londonOffsetMs } from '../../../../common/clock/london-time.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { categoryName } from './categoryName.ts';
import { clockMessage } from './clockIntl.ts';
import { exclusionReason, nextUpdateWords, paceWords, surveyWords } from './clockDataWords.ts';
import { coverageWords } from './coverageWords.ts';
import { formatDate, formatMonth, isSyntheticData } from './clockText.ts';

export interface MethodRow {
  readonly term: string;
  /** Words from the data itself (coverage, the survey's note, excluded forces): English only, put first. */
  readonly english?: string;
  readonly text: string;
}

const MS_PER_DAY = 86_400_000;

/** "3 days", "1 month", "14 months": how long ago a date was, in the coarsest whole unit. */
export function ageText(fromMs: number, nowMs: number, locale: Locale = 'en'): string {
  const days = Math.max(0, Math.floor((nowMs - fromMs) / MS_PER_DAY));
  if (days < 61) return clockMessage(locale, 'clocks.age.days', { days });
  return clockMessage(locale, 'clocks.age.months', { months: Math.floor(days / 30.44) });
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

/**
 * `areaName`: an area clock's name in `locale` (clockAreaName.ts); without it the area is named
 * as the definition has it, in English.
 */
export function methodRows(
  kind: ClockKind,
  definition: ClockDefinition,
  nowMs: number,
  locale: Locale = 'en',
  areaName?: string,
): MethodRow[] {
  const meta = definition.meta;
  const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
    clockMessage(locale, id, values);
  const published = dateMs(meta.lastUpdated);
  const names = definition.categories.map((c) => categoryName(kind, c.id, c.name, locale));
  // Each clock's source has one name, said in the page's language.
  const source = say(kind === 'csew' ? 'clocks.csew.dataSource' : 'clocks.police.dataSource');
  const categories = say('clocks.method.categories', { count: names.length, names: names.join(', ') });
  const rows: MethodRow[] = [
    {
      term: say('clocks.method.source'),
      text: say('clocks.method.sourceText', {
        source,
        date: dayOf(meta.lastUpdated, locale),
        synthetic: isSyntheticData(meta),
      }),
    },
  ];
  if (kind === 'police') {
    const coverage = meta.coverage;
    const reasons = meta.excludedForces.map((f) => ({
      name: forceNameFor(f.id, locale, f.name),
      ...exclusionReason(f, locale),
    }));
    const forces = reasons.map((f) => `${f.name} (${f.text})`);
    // Worded in the page's language when every cause is known; else the definition's English.
    const forcesEnglish = reasons.some((f) => f.english);
    const asb = definition.categories.some((c) => c.id === 'anti-social-behaviour')
      ? ''
      : say('clocks.method.asb');
    rows.push(
      {
        term: say('clocks.method.period'),
        text: say('clocks.method.policePeriod', {
          pace: capitalise(paceWords(meta, locale)),
          month: meta.latestDataMonth ? formatMonth(meta.latestDataMonth, locale) : 'none',
        }),
      },
      {
        term: say('clocks.method.included'),
        // The coverage, or the area clock's name, in the page's language; else the definition's own.
        ...(coverage || areaName ? {} : { english: `${meta.areaName}.` }),
        text: coverage
          ? `${coverageWords(coverage, locale)}. ${categories}`
          : areaName
            ? `${areaName}. ${categories}`
            : categories,
      },
      {
        term: say('clocks.method.excluded'),
        ...(forcesEnglish ? { english: `${forces.join('; ')}.` } : {}),
        text:
          (forces.length > 0 && !forcesEnglish ? `${forces.join('; ')}. ` : '') +
          (asb ? `${capitalise(asb)}. ` : '') +
          say('clocks.method.excludedAlways'),
      },
    );
  } else {
    const words = surveyWords(meta, locale);
    const covers = words.note ?? words.dataMethod;
    rows.push(
      {
        term: say('clocks.method.period'),
        text: say('clocks.method.csewPeriod', { source }),
      },
      {
        term: say('clocks.method.includedExcluded'),
        // The figures' own words: their Welsh on a Welsh page where they give it, else their English.
        ...(covers.english ? { english: covers.text } : {}),
        text: covers.english ? categories : `${covers.text} ${categories}`,
      },
    );
  }
  const dataEnd = meta.latestDataMonth ? endOfMonthMs(meta.latestDataMonth) : published;
  rows.push(
    { term: say('clocks.method.peak'), text: say('clocks.method.peakText') },
    {
      term: say('clocks.method.age'),
      text:
        dataEnd === null
          ? say('clocks.method.published', { date: dayOf(meta.lastUpdated, locale) })
          : meta.latestDataMonth && kind === 'police'
            ? // When more police data comes is the data status's to say (the clock's facts), not a rule of thumb.
              say('freshness.monthAge', {
                month: formatMonth(meta.latestDataMonth, locale),
                age: ageText(dataEnd, nowMs, locale),
              })
            : meta.latestDataMonth
              ? say('clocks.method.monthAge', {
                  month: formatMonth(meta.latestDataMonth, locale),
                  age: ageText(dataEnd, nowMs, locale),
                  next: nextUpdateWords(meta, locale),
                })
              : say('clocks.method.publishedAge', {
                  age: ageText(dataEnd, nowMs, locale),
                  next: nextUpdateWords(meta, locale),
                }),
    },
    { term: say('clocks.method.readAs'), text: say('clocks.method.caveat') },
  );
  return rows;
}

/** The London day of a date or date-time, "2 May 2026": the publication's day, not its minute. */
function dayOf(iso: string, locale: Locale): string {
  const ms = dateMs(iso);
  return ms === null ? iso : formatDate(new Date(ms + londonOffsetMs(ms)).toISOString().slice(0, 10), locale);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
