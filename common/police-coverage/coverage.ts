/**
 * One statement of what the police data covers, worked out once from what the store holds and
 * worded the same on every page, the embed, the wall screen and the API: which forces (the 43
 * territorial forces of England and Wales, and British Transport Police, which polices their
 * railways), which months, and the basis of a clock's pace.
 *
 * The product is for England and Wales, like the survey it sets beside the police data, so the
 * Police Service of Northern Ireland is out everywhere: its files are not imported, its rows (in a
 * store filled before) are not counted, its force is not offered and BT postcodes are refused.
 * COUNTED_FORCES is the one list all of that reads.
 */
import type { Static } from 'typebox';
import type { CoverageSchema } from '../contracts/clocks.ts';
import { monthLabel, parseMonth } from '../search/months.ts';
import { compactPostcode } from '../postcode/postcode.ts';
import { joinList } from '../i18n/grammar.ts';
import { forceById, POLICE_FORCES, type PoliceForce } from '../police/forces.ts';

export const TERRITORIAL_FORCES = POLICE_FORCES.filter((f) => f.area === 'england' || f.area === 'wales');
/** Every force whose crimes the product counts: the 43 territorial forces and British Transport Police. */
export const COUNTED_FORCES = POLICE_FORCES.filter((f) => f.area !== 'northern-ireland');
/** The counted forces beside the 43, named apart in every statement (British Transport Police). */
const NON_TERRITORIAL = COUNTED_FORCES.filter((f) => f.area !== 'england' && f.area !== 'wales');
/** Ids of COUNTED_FORCES, for the store's reads (`force_id IN (:counted)`). */
export const COUNTED_FORCE_IDS: readonly string[] = COUNTED_FORCES.map((f) => f.id);
const COUNTED = new Set(COUNTED_FORCE_IDS);

/**
 * Whether the product counts a force's crimes. A force of data.police.uk outside England and Wales
 * (Northern Ireland) is not; an id the forces table does not know (a test's made-up force) is
 * left to the caller's own checks.
 */
export function isCountedForce(id: string): boolean {
  return COUNTED.has(id) || forceById(id) === undefined;
}

/** Its fields are documented in the schema (common/contracts/clocks.ts). */
export type Coverage = Static<typeof CoverageSchema>;

/**
 * Which forces a coverage statement names beside its count of the 43: none when it holds all (or
 * none) of them, else the shorter list, the few missing ("all but …") or the few held; then the
 * counted forces outside the 43 (British Transport Police), named apart. A force the product
 * does not count (Northern Ireland) is never named. Forces are given by id
 * (common/police/forces.ts), in that table's order.
 */
export interface CoverageNaming {
  readonly allTerritorial: boolean;
  readonly named: { readonly kind: 'allBut' | 'only'; readonly forceIds: readonly string[] } | null;
  readonly otherForceIds: readonly string[];
}

/** The naming of a coverage's `forces` (the names common/police/forces.ts gives them). */
export function coverageNaming(forces: readonly string[]): CoverageNaming {
  const names = new Set(forces);
  const held = TERRITORIAL_FORCES.filter((f) => names.has(f.name)).map((f) => f.id);
  const missing = TERRITORIAL_FORCES.filter((f) => !names.has(f.name)).map((f) => f.id);
  return {
    allTerritorial: missing.length === 0,
    named:
      missing.length === 0 || held.length === 0
        ? null
        : missing.length <= held.length
          ? { kind: 'allBut', forceIds: missing }
          : { kind: 'only', forceIds: held },
    otherForceIds: NON_TERRITORIAL.filter((f) => names.has(f.name)).map((f) => f.id),
  };
}

const forceName = (id: string) => forceById(id)?.name ?? id;

/**
 * The force of a data.police.uk id when the product counts it; undefined for an unknown id and
 * for a force outside England and Wales (Northern Ireland), which is offered nowhere.
 */
export function countedForceById(id: string): PoliceForce | undefined {
  const force = forceById(id);
  return force && COUNTED.has(force.id) ? force : undefined;
}

/** What a visitor (or partner) is told for a force the product leaves out. */
export function uncountedForceText(id: string): string {
  return `${forceName(id)} polices outside England and Wales: the police data here covers England and Wales only.`;
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
  const counted = forceIds.filter(isCountedForce);
  const forces = [...new Set(counted)].sort().map(forceName);
  const { allTerritorial, named, otherForceIds } = coverageNaming(forces);
  const held = TERRITORIAL_FORCES.filter((f) => counted.includes(f.id)).length;
  const list = (forces: readonly string[]) => joinList(forces.map(forceName), 'en');
  const area = allTerritorial
    ? 'England and Wales'
    : `${held} of ${TERRITORIAL_FORCES.length} forces in England and Wales`;
  // The statement counts forces even when it has all of them: "all 43 forces in England and Wales
  // and British Transport Police", as "42 of 43 forces …" does; `area` stays the place.
  const lead = allTerritorial ? `all ${TERRITORIAL_FORCES.length} forces in England and Wales` : area;
  const which = !named
    ? ''
    : named.kind === 'allBut'
      ? ` (all but ${list(named.forceIds)})`
      : ` (${list(named.forceIds)})`;
  const plus = otherForceIds.length > 0 ? ` and ${list(otherForceIds)}` : '';
  const period = monthSpanText(firstMonth, lastMonth);
  return {
    forces,
    territorialForces: held,
    ofTerritorialForces: TERRITORIAL_FORCES.length,
    firstMonth,
    lastMonth,
    synthetic,
    area,
    text: `${lead}${which}${plus}${period ? `, ${period}` : ''}${synthetic ? ' (synthetic sample)' : ''}`,
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
