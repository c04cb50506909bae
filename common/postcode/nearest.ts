/**
 * A well-formed postcode the store's list lacks is not the visitor's mistake: the answer says so
 * and offers the held postcode of the same district nearest it. "Nearest" is by the inward code
 * (sector digit, then the unit's two letters), so a postcode of the same sector comes before any
 * other: units of one sector lie close together, neighbouring sectors less surely.
 */
import type { Postcode } from './postcode.ts';

/** The outward code (district) of a compact postcode: "M1" of "M11AE", "SW1A" of "SW1A1AA". */
export function districtOf(compact: string): string {
  return compact.slice(0, -3);
}

/**
 * The compact range of a district's postcodes, to read in index order: every compact postcode of
 * the district lies between `from` and `to` and is `length` characters long (the length keeps
 * M10… and M11… out of M1's range).
 */
export function districtRange(compact: string): { from: string; to: string; length: number } {
  const district = districtOf(compact);
  return { from: `${district}0AA`, to: `${district}9ZZ`, length: district.length + 3 };
}

/** How far apart two postcodes' inward codes are in sort order; another sector is always farther. */
function inwardDistance(a: string, b: string): number {
  const value = (inward: string) =>
    Number(inward[0]) * 26 * 26 + (inward.charCodeAt(1) - 65) * 26 + (inward.charCodeAt(2) - 65);
  const otherSector = a.at(-3) === b.at(-3) ? 0 : 10 * 26 * 26;
  return otherSector + Math.abs(value(a.slice(-3)) - value(b.slice(-3)));
}

/**
 * Of held compact postcodes (those read either side of the one asked for), the one of its district
 * nearest it (earlier in sort order on a tie); undefined when none is of its district. When the
 * sector holds any, one of the two read either side is of it: a sector's postcodes sort together.
 */
export function nearestHeld(compact: string, held: readonly string[]): string | undefined {
  const district = districtOf(compact);
  let best: string | undefined;
  for (const candidate of held) {
    if (candidate === compact || districtOf(candidate) !== district) continue;
    if (
      best === undefined ||
      inwardDistance(candidate, compact) < inwardDistance(best, compact) ||
      (inwardDistance(candidate, compact) === inwardDistance(best, compact) && candidate < best)
    )
      best = candidate;
  }
  return best;
}

/**
 * "We don't hold the position of M1 1AE. The nearest postcode we hold in M1 is M1 1AA."
 * (`nearest` in canonical form).
 */
export function notHeldText(postcode: Postcode, nearest: string | undefined): string {
  const lead = `We don't hold the position of ${postcode.canonical}.`;
  return nearest === undefined
    ? `${lead} We hold no postcode of ${districtOf(postcode.compact)}.`
    : `${lead} The nearest postcode we hold in ${districtOf(postcode.compact)} is ${nearest}.`;
}
