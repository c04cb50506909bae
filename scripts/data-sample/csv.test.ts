import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvFileWriter, csvField } from './csv.ts';

describe('csvField', () => {
  it('quotes only what needs quoting, and csv-parse reads it back', () => {
    const values = [
      'plain',
      '',
      'Investigation complete; no suspect identified',
      'On or near Supermarket, High Street',
      'Operation "Safer Streets"',
      'two\nlines',
      'carriage\rreturn',
      '"',
      ',',
    ];
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Investigation complete; no suspect identified')).toBe(
      'Investigation complete; no suspect identified',
    );
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    const line = values.map(csvField).join(',');
    expect(parse(`${line}\r\n${line}\r\n`)).toEqual([values, values]);
    expect(parse(`${line}\n${line}\n`)).toEqual([values, values]);
  });
});

describe('CsvFileWriter', () => {
  it('writes header and rows with the chosen line ending and optional byte-order mark', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'csv-writer-'));
    try {
      const file = path.join(dir, 'a.csv');
      const writer = new CsvFileWriter(file, 'x,y', '\r\n', { bom: true });
      for (let i = 0; i < 50_000; i++) if (writer.add(`${i},${csvField(`v,${i}`)}`)) await writer.flush();
      await writer.close();
      expect(writer.rows).toBe(50_000);
      const text = await readFile(file, 'utf8');
      expect(text.startsWith('\uFEFFx,y\r\n0,"v,0"\r\n')).toBe(true);
      expect(text.endsWith('49999,"v,49999"\r\n')).toBe(true);
      const rows = parse(text, { bom: true }) as string[][];
      expect(rows).toHaveLength(50_001);
      expect(rows[50_000]).toEqual(['49999', 'v,49999']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
