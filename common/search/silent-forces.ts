/**
 * An area policed by a force that published no street-level crime for the months searched (Greater
 * Manchester Police since July 2019): the crimes found there are other forces' (British Transport
 * Police at stations), while the residents are the silent force's. A rate per 1,000 residents
 * would divide the one by the other, so pages withhold it and say why.
 */
import { FORCES_WITHOUT_STREET_DATA, forceById } from '../police/forces.ts';
import type { SearchDataInfo, SearchStats } from './types.ts';

export interface RateWithheld {
  /** The forces of the area with no street data in any month the rate would count. */
  silentForces: { id: string; name: string }[];
  /** Forces whose crimes the search did find, named as such. */
  otherForces: { id: string; name: string }[];
  /** Why, in a sentence or two a visitor reads under the missing rate. */
  reason: string;
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Whether the rate per 1,000 residents of a search is to be withheld: some force of the area has
 * no street data for any month the rate counts (`crimeRates.months`), or, when no month has data,
 * for any month of the period. Undefined when every force published something.
 */
export function rateWithheld(
  dataInfo: Pick<SearchDataInfo, 'forcesWithoutData' | 'forcesWithData' | 'totalMonths'>,
  stats: { crimeRates: Pick<SearchStats['crimeRates'], 'months'> },
): RateWithheld | undefined {
  const counted = stats.crimeRates.months;
  const silent = dataInfo.forcesWithoutData.filter((force) =>
    counted.length > 0
      ? counted.every((m) => force.months.includes(m))
      : force.months.length >= dataInfo.totalMonths,
  );
  if (silent.length === 0) return undefined;
  const silentIds = new Set(silent.map((f) => f.id));
  const others = (dataInfo.forcesWithData ?? []).filter((f) => !silentIds.has(f.id));
  const why = silent
    .map(
      (force) =>
        FORCES_WITHOUT_STREET_DATA.find((gap) => gap.forceId === force.id)?.reason ??
        `${force.name} published no street-level crime data for the months searched.`,
    )
    .join(' ');
  const silentNames = list(silent.map((f) => forceById(f.id)?.name ?? f.name));
  const found =
    others.length > 0
      ? ` The crimes shown here were recorded by ${list(others.map((f) => f.name))}, not by ${silentNames}.`
      : '';
  return {
    silentForces: silent.map(({ id, name }) => ({ id, name })),
    otherForces: others,
    reason:
      others.length > 0
        ? `${why}${found} No rate per 1,000 residents is given: it would set other forces' crimes against residents ${silentNames} polices.`
        : `${why} No rate per 1,000 residents is given: the crimes of the residents' own force are not in the data.`,
  };
}
