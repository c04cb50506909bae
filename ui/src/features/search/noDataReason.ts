import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { longMonth } from './searchFormat.ts';

function monthSpan(months: readonly string[]): string {
  if (months.length === 0) return 'this period';
  const sorted = [...months].sort();
  return sorted.length === 1
    ? longMonth(sorted[0]!)
    : `${longMonth(sorted[0]!)} to ${longMonth(sorted.at(-1)!)}`;
}

/**
 * Why a search has no data, from what the store knows: no force of England and Wales polices the
 * area; or the forces that do have published no street-level data for the months asked (some
 * forces do not publish, or stopped); or the months are not in the store yet.
 */
export function noDataReason(dataInfo: SearchDataInfo): string {
  const forces = dataInfo.forcesWithoutData;
  if (forces.length === 0) {
    if (dataInfo.searchType === 'radius') {
      return 'No police force of England and Wales covers this postcode: police.uk data covers England and Wales only (Scotland and Northern Ireland publish their own).';
    }
    return `No street-level crime data is held for ${monthSpan(dataInfo.monthsWithoutData)}: those months have not been released or imported yet.`;
  }
  const names = forces.map((force) => force.name);
  const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${who} ${names.length === 1 ? 'has' : 'have'} published no street-level crime data for ${monthSpan(
    dataInfo.monthsWithoutData,
  )}: some forces do not publish to data.police.uk, and a month appears only once it is released and imported.`;
}
