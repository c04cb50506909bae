/** Field readers shared by the archive datasets. Each returns a value, or a string saying why not. */
import { parseMonth } from '../../../../../common/search/months.ts';

export class FieldError {
  constructor(readonly reason: string) {}
}

/** A row's Month must be the file's month: the file replaces exactly one force-month. */
export function checkMonth(text: string, expected: string): string | undefined {
  if (text === expected) return undefined;
  if (parseMonth(text.trim()) === undefined) return `month "${text}" is not YYYY-MM`;
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
