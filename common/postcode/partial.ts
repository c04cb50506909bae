/**
 * A postcode while it is being typed: whether it can still become a valid one, and which stored
 * postcodes to suggest first. The shapes are those of COMPACT_POSTCODE in postcode.ts, spelled out
 * one character class at a time so a prefix can be checked against them.
 */
import { compactPostcode } from './postcode.ts';

const AREA = /[A-Z]/;
const DISTRICT = /[0-9R]/;
const SUB = /[0-9A-Z]/;
const DIGIT = /[0-9]/;
const UNIT = /[ABD-HJLNP-UW-Z]/;
const INWARD = [DIGIT, UNIT, UNIT];

/** Every outward code's shape: A9, A9X, AA9, AA9X (X a digit or a letter). */
const OUTWARD_SHAPES: readonly (readonly RegExp[])[] = [
  [AREA, DISTRICT],
  [AREA, DISTRICT, SUB],
  [AREA, AREA, DISTRICT],
  [AREA, AREA, DISTRICT, SUB],
];

function fits(text: string, shape: readonly RegExp[]): boolean {
  return text.length <= shape.length && [...text].every((char, i) => shape[i]!.test(char));
}

/**
 * What the visitor typed, read as a postcode in the making: its letters and digits, and the
 * outward code when a space after it says where the outward code ends. Null when no postcode
 * starts like this.
 */
export interface PartialPostcode {
  /** Upper-case, no spaces: "M11". */
  compact: string;
  /** "M1" for "M1 1": the visitor's own space ends the outward code. */
  outward: string | null;
}

export function readPartialPostcode(input: string): PartialPostcode | null {
  const text = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const compact = compactPostcode(text);
  const space = text.indexOf(' ');
  if (space === -1) {
    const possible = OUTWARD_SHAPES.some((shape) => fits(compact, [...shape, ...INWARD]));
    return possible ? { compact, outward: null } : null;
  }
  const outward = text.slice(0, space);
  const inward = text.slice(space + 1);
  if (inward.includes(' ')) return null;
  const possible = OUTWARD_SHAPES.some(
    (shape) => outward.length === shape.length && fits(outward, shape) && fits(inward, INWARD),
  );
  return possible ? { compact, outward } : null;
}

/** True while the text can still be completed into a valid postcode (and for a valid one). */
export function couldBecomePostcode(input: string): boolean {
  return input.trim() === '' || readPartialPostcode(input) !== null;
}

/** A range of the stored compact forms, optionally of one length only. */
export interface CompactRange {
  from: string;
  to: string;
  length?: number;
}

/** Closes a prefix range: Z sorts after every letter and digit in the stores' collations. */
const upTo = (prefix: string) => `${prefix}ZZZZZZZ`;

/** Ends on a district's first digit, so it may be a whole district or the start of a longer one. */
const endsOnDistrictDigit = (compact: string) => /^[A-Z]{1,2}[0-9]$/.test(compact);

/**
 * The ranges to read suggestions from, in the order they rank. The outward code comes first:
 * "SW1" is the district SW1 before it is the start of SW10 to SW19, so SW1A… and SW1P… (and
 * SW1 itself followed by its inward code) rank before SW10…; "M1 1", with the visitor's space,
 * is the district M1 only. Whatever else starts with the letters follows.
 */
export function suggestionRanges(partial: PartialPostcode): CompactRange[] {
  const { compact, outward } = partial;
  if (outward !== null) {
    return [{ from: compact, to: upTo(compact), length: outward.length + 3 }];
  }
  const ranges: CompactRange[] = [];
  // Ends on the district's first digit: its letter sub-districts and the district itself first.
  if (endsOnDistrictDigit(compact)) {
    ranges.push({ from: `${compact}A`, to: upTo(`${compact}Z`) });
    ranges.push({ from: compact, to: upTo(compact), length: compact.length + 3 });
  }
  ranges.push({ from: compact, to: upTo(compact) });
  return ranges;
}

/**
 * Where a postcode ranks among the suggestions for what was typed: 0 in the typed district, 1
 * after it, null when it cannot be what the visitor is typing (the visitor's space counts).
 */
export function suggestionRank(partial: PartialPostcode, canonical: string): 0 | 1 | null {
  const compact = compactPostcode(canonical);
  const outward = canonical.trim().split(/\s+/)[0] ?? '';
  if (!compact.startsWith(partial.compact)) return null;
  if (partial.outward !== null) return outward === partial.outward ? 0 : null;
  if (!endsOnDistrictDigit(partial.compact)) return 0;
  return outward === partial.compact || /^[A-Z]$/.test(outward.slice(partial.compact.length)) ? 0 : 1;
}

/**
 * The suggestions to show: every candidate that can be what was typed, the typed district's
 * first, otherwise in the order given (the store's ranges first, then the lookup service's),
 * without repeats, at most `max`.
 */
export function rankSuggestions(
  partial: PartialPostcode,
  candidates: readonly string[],
  max: number,
): string[] {
  const seen = new Set<string>();
  const ranked: { postcode: string; rank: number }[] = [];
  for (const postcode of candidates) {
    const rank = suggestionRank(partial, postcode);
    if (rank === null || seen.has(postcode)) continue;
    seen.add(postcode);
    ranked.push({ postcode, rank });
  }
  // Array.prototype.sort is stable: equal ranks keep the order given.
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, max)
    .map((r) => r.postcode);
}
