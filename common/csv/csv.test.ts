import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('csvField', () => {
  it('quotes only fields with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('On or near High Street')).toBe('On or near High Street');
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(-0.1276)).toBe('-0.1276');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('-0.127600')).toBe('-0.127600');
    expect(csvField('+12')).toBe('+12');
  });

  it('leaves formula-like text alone when the guard is off (official formats)', () => {
    expect(csvField('-cmd', { guardFormulas: false })).toBe('-cmd');
    expect(csvField('=a,b', { guardFormulas: false })).toBe('"=a,b"');
  });

  it('writes lines csv-parse reads back field for field', () => {
    const fields = ['a,b', 'say "x"', 'multi\nline', '', '=1+1', 'plain'];
    const [row] = parse(csvLine(fields, { guardFormulas: false })) as string[][];
    expect(row).toEqual(fields);
  });
});
