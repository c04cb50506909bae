import type { BulkValue } from './types.ts';

/**
 * Rows in the text format of MySQL's `LOAD DATA ... FIELDS TERMINATED BY '\t' ESCAPED BY '\\'`:
 * one line per row, NULL as `\N`, and backslash, tab, newline, carriage return and NUL escaped,
 * so no value can end a field or a line early.
 */
export function tabSeparatedRows(columns: number, values: readonly BulkValue[]): string {
  const lines: string[] = [];
  for (let start = 0; start < values.length; start += columns) {
    let line = '';
    for (let i = start; i < start + columns; i++) {
      if (i > start) line += '\t';
      const value = values[i] ?? null;
      if (value === null) line += '\\N';
      else if (typeof value === 'number') line += numberText(value);
      else if (typeof value === 'boolean') line += value ? '1' : '0';
      else line += NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, escapeOne) : value;
    }
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const escapeOne = (char: string) => ESCAPES[char]!;

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Cannot store the number ${value}`);
  return String(value);
}
