/** Field readers shared by the archive datasets. Each returns a value, or a string saying why not. */

export class FieldError {
  constructor(readonly reason: string) {}
}

/** `2024-01` as 202401; undefined when it is not a year and month. */
export function parseYearMonth(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Number(match[1]) * 100 + month : undefined;
}

/** 202401 as `2024-01`: the common formatter, once per file (not per row), under the importer's name. */

/** A row's Month must be the file's month: the file replaces exactly one force-month. */
export function checkMonth(text: string, expected: string): string | undefined {
  if (text === expected) return undefined;
  if (parseYearMonth(text) === undefined) return `month "${text}" is not YYYY-MM`;
  return text.trim() === expected ? undefined : `month ${text} is not the file's month ${expected}`;
}

/** A latitude or longitude; null when empty (no location is normal, not an error). */
export function parseCoordinate(text: string, name: string, limit: number): number | null | FieldError {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || text.trim() === '')
    return new FieldError(`${name} "${text}" is not a number`);
  if (Math.abs(value) > limit) return new FieldError(`${name} ${text} is out of range`);
  return value;
}

/** Empty text as null, long text cut to the column's width. */
export function optionalText(text: string, width: number): string | null {
  const value = text.trim();
  if (value === '') return null;
  return value.length > width ? value.slice(0, width) : value;
}

/** "True"/"False" in any case; empty is unknown (null). */
export function parseFlag(text: string, name: string): boolean | null | FieldError {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return new FieldError(`${name} "${text}" is not True or False`);
}

/** Describes a record whose field count differs from the header's. */
export function fieldCountProblem(fields: readonly string[], expected: number): string | undefined {
  return fields.length === expected ? undefined : `expected ${expected} fields, found ${fields.length}`;
}
