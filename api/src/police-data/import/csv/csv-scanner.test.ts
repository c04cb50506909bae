import { describe, expect, it } from 'vitest';
import { CsvScanner, type CsvFault, type CsvRecord } from './csv-scanner.ts';

/** Feeds `text` in pieces of `size` characters, as a stream would. */
function scan(text: string, size = text.length, maxRecordLines?: number, maxPendingChars?: number) {
  const scanner = new CsvScanner({
    ...(maxRecordLines === undefined ? {} : { maxRecordLines }),
    ...(maxPendingChars === undefined ? {} : { maxPendingChars }),
  });
  const records: CsvRecord[] = [];
  const faults: CsvFault[] = [];
  for (let at = 0; at < text.length; at += size) {
    const result = scanner.push(text.slice(at, at + size));
    records.push(...result.records);
    faults.push(...result.faults);
  }
  const last = scanner.push('', true);
  return { records: [...records, ...last.records], faults: [...faults, ...last.faults] };
}

const SAMPLE = 'a,b,c\r\n1,"x, y",3\r\n"he said ""hi""",,\r\n\r\n4,5,6';

describe('CsvScanner', () => {
  it.each([1, 2, 3, 5, 7, 1000])('gives the same records whatever the chunk size (%i)', (size) => {
    const { records, faults } = scan(SAMPLE, size);
    expect(faults).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', '3'] },
      { line: 3, fields: ['he said "hi"', '', ''] },
      { line: 5, fields: ['4', '5', '6'] },
    ]);
  });

  it('reads LF and CRLF alike and drops a byte-order mark', () => {
    expect(scan('\uFEFFa,b\n1,2\n').records).toEqual(scan('a,b\r\n1,2\r\n').records);
    expect(scan('\uFEFFa,b\n').records[0]!.fields).toEqual(['a', 'b']);
  });

  it('keeps line breaks inside quoted fields and numbers lines physically', () => {
    const { records } = scan('h\n"one\ntwo",x\nnext,y\n', 4);
    expect(records).toEqual([
      { line: 1, fields: ['h'] },
      { line: 2, fields: ['one\ntwo', 'x'] },
      { line: 4, fields: ['next', 'y'] },
    ]);
  });

  it('reports broken quoting by line and carries on with the next line', () => {
    const { records, faults } = scan('a,b\nx "y",1\n"z"w,2\nok,3\n"open,4\nfine,5\n', 3, 3);
    expect(faults).toEqual([
      { line: 2, reason: 'quote inside an unquoted field' },
      { line: 3, reason: 'text after a closing quote' },
      { line: 5, reason: 'quote never closed' },
    ]);
    expect(records.map((r) => r.fields[0])).toEqual(['a', 'ok', 'fine']);
  });

  it('gives up on a quote that runs past the line limit instead of buffering the file', () => {
    const body = Array.from({ length: 50 }, (_, i) => `row${i},${i}`).join('\n');
    const { records, faults } = scan(`"never closed,0\n${body}\n`, 16, 5);
    expect(faults).toEqual([{ line: 1, reason: 'quote never closed' }]);
    expect(records).toHaveLength(50);
    expect(records[0]).toEqual({ line: 2, fields: ['row0', '0'] });
  });

  it('reports an unclosed quote at the very end of the input', () => {
    const { records, faults } = scan('a\n"b');
    expect(records).toEqual([{ line: 1, fields: ['a'] }]);
    expect(faults).toEqual([{ line: 2, reason: 'quote never closed' }]);
  });

  it.each([7, 64, 1000])(
    'refuses a line longer than the limit, holds no more than that, and reads on after it (chunks of %i)',
    (size) => {
      const long = 'x'.repeat(500);
      const { records, faults } = scan(`a,b\n${long},1\nok,2\n"${long}\nafter,3\n${long}`, size, 20, 100);
      expect(faults.map((f) => f.reason)).toEqual([
        'line longer than 100 characters',
        'line longer than 100 characters',
        'line longer than 100 characters',
      ]);
      expect(records.map((r) => r.fields[0])).toEqual(['a', 'ok', 'after']);
      expect(records.find((r) => r.fields[0] === 'ok')?.line).toBe(3);
    },
  );
});
