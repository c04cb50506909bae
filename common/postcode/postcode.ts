/**
 * UK postcodes as the product treats them everywhere (search form, API, importer), so the browser
 * and the server accept exactly the same inputs. The rule is the specification's: one or two
 * letters, a digit or R, an optional digit or letter, then the inward code (a digit and two
 * letters, never C, I, K, M, O or V); case-insensitive, spaces ignored.
 */
const COMPACT_POSTCODE = /^[A-Z]{1,2}[0-9R][0-9A-Z]?[0-9][ABD-HJLNP-UW-Z]{2}$/;

export interface Postcode {
  /** Upper-case, one space before the inward code: "SW1A 1AA". */
  canonical: string;
  /** Upper-case without spaces: "SW1A1AA". */
  compact: string;
}

/** Upper-case with every space removed; not validated. */
export function compactPostcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidPostcode(input: string): boolean {
  return COMPACT_POSTCODE.test(compactPostcode(input));
}

/** The canonical and compact forms of a valid postcode; null when the input is not one. */
export function parsePostcode(input: string): Postcode | null {
  const compact = compactPostcode(input);
  if (!COMPACT_POSTCODE.test(compact)) return null;
  return { canonical: `${compact.slice(0, -3)} ${compact.slice(-3)}`, compact };
}
