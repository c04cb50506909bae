/**
 * One statement of what the police data covers, worked out once from what the store holds and
 * worded the same on every page, the embed, the wall screen and the API: which forces (the 43
 * territorial forces of England and Wales, and whether British Transport Police and the Police
 * Service of Northern Ireland are in), which months, and the basis of a clock's pace.
 */
import { monthLabel, parseMonth } from '../search/months.ts';
import { compactPostcode } from '../postcode/postcode.ts';
import { forceById, POLICE_FORCES } from '../police/forces.ts';

export const TERRITORIAL_FORCES = POLICE_FORCES.filter((f) => f.area === 'england' || f.area === 'wales');
const NON_TERRITORIAL = POLICE_FORCES.filter((f) => f.area !== 'england' && f.area !== 'wales');

export interface Coverage {
  /** Names of every force with data, territorial or not. */
  readonly forces: readonly string[];
  readonly territorialForces: number;
  readonly ofTerritorialForces: number;
  readonly firstMonth: string;
  readonly lastMonth: string;
  readonly synthetic: boolean;
  /** "England and Wales" or "6 of 43 forces in England and Wales", never more or less than held. */
  readonly area: string;
  /** The whole statement, e.g. "42 of 43 forces in England and Wales (all but Greater Manchester
   * Police) and British Transport Police, April 2025 to March 2026". */
  readonly text: string;
}

/** "A, B and C". */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function monthSpanText(firstMonth: string, lastMonth: string): string {
  const first = parseMonth(firstMonth);
  const last = parseMonth(lastMonth);
  if (!first || !last) return '';
  return firstMonth === lastMonth ? monthLabel(last) : `${monthLabel(first)} to ${monthLabel(last)}`;
}

export function coverageOf(
  forceIds: readonly string[],
  firstMonth: string,
  lastMonth: string,
  synthetic: boolean,
): Coverage {
  const ids = new Set(forceIds);
  const held = TERRITORIAL_FORCES.filter((f) => ids.has(f.id));
  const missing = TERRITORIAL_FORCES.filter((f) => !ids.has(f.id));
  const others = NON_TERRITORIAL.filter((f) => ids.has(f.id)).map((f) => f.name);
  const area =
    missing.length === 0
      ? 'England and Wales'
      : `${held.length} of ${TERRITORIAL_FORCES.length} forces in England and Wales`;
  // Name the shorter list: the few forces held, or the few missing.
  const which =
    missing.length === 0 || held.length === 0
      ? ''
      : missing.length <= held.length
        ? ` (all but ${listText(missing.map((f) => f.name))})`
        : ` (${listText(held.map((f) => f.name))})`;
  const plus = others.length > 0 ? ` and ${listText(others)}` : '';
  const period = monthSpanText(firstMonth, lastMonth);
  return {
    forces: [...ids].sort().map((id) => forceById(id)?.name ?? id),
    territorialForces: held.length,
    ofTerritorialForces: TERRITORIAL_FORCES.length,
    firstMonth,
    lastMonth,
    synthetic,
    area,
    text: `${area}${which}${plus}${period ? `, ${period}` : ''}${synthetic ? ' (synthetic sample)' : ''}`,
  };
}

/** The basis of a clock's pace: "the latest 12 months with data", "the latest month with data". */
export function paceText(months: number): string {
  return months === 1 ? 'the latest month with data' : `the latest ${months} months with data`;
}

/** How a count over `months` months becomes a yearly rate: "count ÷ 6 × 12"; null for a year's. */
export function annualisingText(months: number): string | null {
  return months === 12 ? null : months === 1 ? 'count × 12' : `count ÷ ${months} × 12`;
}

/** Where a postcode is when it is outside what police.uk data covers; null inside (or unknown). */
export type OutsideRegion = 'Scotland' | 'Northern Ireland' | 'the Channel Islands' | 'the Isle of Man';

const SCOTTISH_AREAS = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'ZE',
]);
/** TD is the Scottish Borders but for Berwick-upon-Tweed and Cornhill (TD12, TD15), in England. */
const ENGLISH_TD_DISTRICTS = new Set(['TD12', 'TD15']);

export function outsideRegion(postcode: string): OutsideRegion | null {
  const compact = compactPostcode(postcode);
  const outward = compact.length > 3 ? compact.slice(0, -3) : compact;
  const area = /^[A-Z]+/.exec(outward)?.[0] ?? '';
  if (area === 'BT') return 'Northern Ireland';
  if (area === 'GY' || area === 'JE') return 'the Channel Islands';
  if (area === 'IM') return 'the Isle of Man';
  if (SCOTTISH_AREAS.has(area)) return 'Scotland';
  if (area === 'TD' && !ENGLISH_TD_DISTRICTS.has(outward)) return 'Scotland';
  return null;
}

/** What a visitor is told for a postcode outside the data. */
export function outsideText(canonical: string, region: OutsideRegion): string {
  return `${canonical} is in ${region}, outside England and Wales: the police data here covers England and Wales only.`;
}
