/**
 * The police-recorded crime clock, built from per-category counts in the store.
 *
 * Annualising: the yearly rate is count / months × 12. data.police.uk publishes whole calendar
 * months, so a month is the natural unit; weighting by days instead would change the figure by
 * under 2 % while making it depend on which months happen to be in the window. Seasonality is not
 * corrected: six summer months run higher than six winter ones.
 */
import { monthLabel, parseMonth } from '../search/months.ts';
import { categoryFromSlug } from '../crime/categories.ts';
import { annualisingText, coverageOf, paceText } from '../police-coverage/coverage.ts';
import { definitionVersion } from './clock-data.ts';
import type { ClockCategoryInput } from './model.ts';
import { modelPeak, POLICE_PEAK_PROFILES } from './peak-hours.ts';
import { FORCES_WITHOUT_STREET_DATA } from '../police/forces.ts';
import type { CausedExclusion, ClockDefinition, ClockMeta, ExcludedForce } from './types.ts';

/** The police clock shows up to 13 categories: the product's fixed limit. */
export const POLICE_CLOCK_MAX_CATEGORIES = 13;
export const POLICE_CLOCK_DEFAULT_MONTHS = 6;
/** The police data's next update in English (meta.nextUpdate); pages word nextUpdateRule. */
export const POLICE_UPDATE_NOTE = 'Typically during 1st week of the month';

export const GREATER_MANCHESTER_EXCLUSION: CausedExclusion = {
  id: 'greater-manchester',
  name: 'Greater Manchester Police',
  reason: 'Has published no street-level crime data to data.police.uk since July 2019.',
  cause: { kind: 'stopped-publishing', since: '2019-07' },
};

/**
 * A force of the store (or of an area) with no street-level crimes from `from` to `to` (YYYY-MM),
 * the months a clock counts: its English reason for the API's readers and its cause for pages,
 * made together so that no path gives one without the other.
 */
export function forceExclusion(id: string, name: string, from: string, to: string): CausedExclusion {
  const gap = FORCES_WITHOUT_STREET_DATA.find((g) => g.forceId === id);
  return gap
    ? { id, name, reason: gap.reason, cause: { kind: 'stopped-publishing', since: gap.since } }
    : {
        id,
        name,
        reason: `No street-level crime data in the store for ${from} to ${to}.`,
        cause: { kind: 'not-in-store', from, to },
      };
}

export interface PoliceCategoryCount {
  /** data.police.uk category slug. */
  readonly slug: string;
  /** Crimes in the window, all included forces together. */
  readonly count: number;
}

export interface PoliceClockInput {
  readonly categoryCounts: readonly PoliceCategoryCount[];
  /** Length of the window the counts cover, in months (the latest N available months). */
  readonly months: number;
  /** YYYY-MM of the newest month in the window. */
  readonly latestDataMonth: string;
  /** Forces left out because they do not report; always said on the page, worded from their cause. */
  readonly excludedForces: readonly CausedExclusion[];
  /** ISO date-time of the import the counts come from. */
  readonly lastUpdated: string;
  readonly areaName?: string;
  /** A neighbourhood's area clock: the neighbourhood's own name (meta.neighbourhoodName). */
  readonly neighbourhoodName?: string;
  /**
   * Anti-social behaviour is an incident type, not a notifiable crime; with it the 14 current
   * categories exceed the specification's 13, so it is left out unless asked for.
   */
  readonly includeAntiSocialBehaviour?: boolean;
  /** The counts come from the generated sample, not from data.police.uk: said on every screen. */
  readonly synthetic?: boolean;
  /** Forces with street data in the window, and its first month (YYYY-MM): what the clock covers. */
  readonly coverage?: { readonly forceIds: readonly string[]; readonly firstMonth: string };
}

/**
 * The note (meta.notes, English, for the API's readers) that says a force is left out. Pages give
 * each excluded force its own line from excludedForces and leave this note out by comparing with
 * it, not by reading its words.
 */
export function excludedForceNote(force: ExcludedForce): string {
  return `${force.name} is not included: ${force.reason}`;
}

/** What a police clock covers, in words (common/police-coverage/coverage.ts). */
export function policeCoverage(
  forceIds: readonly string[],
  firstMonth: string,
  lastMonth: string,
  synthetic: boolean,
): NonNullable<ClockMeta['coverage']> {
  return coverageOf(forceIds, firstMonth, lastMonth, synthetic);
}

/** Said to visitors; how to load real data is the admin dashboard's business, not theirs. */
export const SYNTHETIC_DATA_NOTE =
  'These figures come from sample data generated for demonstration, not from real police records.';

export class PoliceClockInputError extends Error {
  override name = 'PoliceClockInputError';
}

export function policeClockDefinition(input: PoliceClockInput): ClockDefinition {
  if (!Number.isInteger(input.months) || input.months < 1) {
    throw new PoliceClockInputError('months must be a whole number of at least 1');
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(input.latestDataMonth)) {
    throw new PoliceClockInputError('latestDataMonth must be YYYY-MM');
  }

  const totals = new Map<string, number>();
  for (const { slug, count } of input.categoryCounts) {
    if (!categoryFromSlug(slug)) throw new PoliceClockInputError(`unknown crime category ${slug}`);
    if (!Number.isFinite(count) || count < 0) throw new PoliceClockInputError(`bad count for ${slug}`);
    if (slug === 'anti-social-behaviour' && !input.includeAntiSocialBehaviour) continue;
    totals.set(slug, (totals.get(slug) ?? 0) + count);
  }

  const categories: ClockCategoryInput[] = [...totals]
    .sort(([slugA, a], [slugB, b]) => b - a || slugA.localeCompare(slugB))
    .slice(0, POLICE_CLOCK_MAX_CATEGORIES)
    .map(([slug, count]) => {
      const category = categoryFromSlug(slug)!;
      const peak = POLICE_PEAK_PROFILES[category.slug];
      return {
        id: slug,
        name: category.label,
        annualCount: (count / input.months) * 12,
        ...(peak ? { peak: modelPeak(peak) } : {}),
      };
    });

  const excluded = input.excludedForces.map((f) => f.name).join(', ');
  const annualising = annualisingText(input.months);
  const coverage = input.coverage
    ? policeCoverage(
        input.coverage.forceIds,
        input.coverage.firstMonth,
        input.latestDataMonth,
        Boolean(input.synthetic),
      )
    : undefined;
  const meta: ClockMeta = {
    areaName: input.areaName ?? coverage?.area ?? 'England and Wales',
    ...(input.neighbourhoodName === undefined ? {} : { neighbourhoodName: input.neighbourhoodName }),
    paceMonths: input.months,
    pace: paceText(input.months),
    dataMethod:
      `Police recorded crime for ${paceText(input.months)}, to ${monthLabel(parseMonth(input.latestDataMonth)!)}, ` +
      (annualising ? `scaled to a year (${annualising}) and ` : '') +
      'spread over the year by the time of day each kind of crime is most often committed' +
      (excluded ? `; excludes ${excluded}` : ''),
    dataSource: 'data.police.uk (Home Office), police recorded crime',
    latestDataMonth: input.latestDataMonth,
    lastUpdated: input.lastUpdated,
    nextUpdate: POLICE_UPDATE_NOTE,
    nextUpdateRule: 'first-week-of-month',
    nextUpdateDate: null,
    excludedForces: input.excludedForces,
    notes: [
      ...(input.synthetic ? [SYNTHETIC_DATA_NOTE] : []),
      ...input.excludedForces.map(excludedForceNote),
    ],
    ...(coverage ? { coverage } : {}),
  };
  const content = { clock: 'police' as const, categories, meta };
  return { ...content, version: definitionVersion(content) };
}
