import { describe, expect, it } from 'vitest';
import { tabSeparatedRows, valuesList } from './row-text.ts';

describe('tabSeparatedRows', () => {
  it('writes one line per row, NULL as \\N and booleans as 1/0', () => {
    expect(tabSeparatedRows(3, ['a', 1, null, 'b', 2.5, true])).toBe('a\t1\t\\N\nb\t2.5\t1\n');
  });

  it('escapes what would end a field or a line, and the escape character itself', () => {
    expect(tabSeparatedRows(1, ['tab\there', 'two\nlines\r', 'back\\slash', 'nul\0', '\\N'])).toBe(
      'tab\\there\ntwo\\nlines\\r\nback\\\\slash\nnul\\0\n\\\\N\n',
    );
  });

  it('refuses numbers the database cannot store', () => {
    expect(() => tabSeparatedRows(1, [Number.NaN])).toThrow(/NaN/);
    expect(() => tabSeparatedRows(1, [Infinity])).toThrow(/Infinity/);
  });
});

describe('valuesList', () => {
  it('writes rows as a VALUES list, strings through the dialect literal', () => {
    const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
    expect(valuesList(3, ["O'Brien", 1.5, null, 'x', -2, false], literal)).toBe(
      "('O''Brien',1.5,NULL),('x',-2,0)",
    );
  });
});
