import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NotUtf8Error, readCsv, unstorableCharacter, type ReadCsvOptions } from './read-csv.ts';

async function fields(chunks: Buffer[], options?: ReadCsvOptions): Promise<string[][]> {
  const out: string[][] = [];
  for await (const chunk of readCsv(Readable.from(chunks), options))
    out.push(...chunk.records.map((r) => r.fields));
  return out;
}

describe('readCsv encodings', () => {
  it('keeps a UTF-8 character split between two chunks', async () => {
    const bytes = Buffer.from('a,Caf\u00e9 \u2019\n', 'utf8');
    const at = bytes.indexOf(0xc3) + 1; // inside é
    expect(await fields([bytes.subarray(0, at), bytes.subarray(at)])).toEqual([['a', 'Caf\u00e9 \u2019']]);
  });

  it('throws NotUtf8Error at a byte that is not UTF-8, instead of writing U+FFFD', async () => {
    await expect(
      fields([Buffer.from('a,b\n'), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])]),
    ).rejects.toBeInstanceOf(NotUtf8Error);
    // A sequence cut off at the very end of the file is not UTF-8 either.
    await expect(fields([Buffer.from([0x61, 0xe2, 0x80])])).rejects.toBeInstanceOf(NotUtf8Error);
  });

  it('reads Windows-1252 as cp1252, not Latin-1: 0x80–0x9F are € ‚ … ’ “ ”, not control characters', async () => {
    const bytes = Buffer.from([0x80, 0x2c, 0x92, 0x2c, 0x93, 0x94, 0x2c, 0xe9, 0x2c, 0x85, 0x0a]);
    expect(await fields([bytes], { encoding: 'windows-1252' })).toEqual([
      ['\u20ac', '\u2019', '\u201c\u201d', '\u00e9', '\u2026'],
    ]);
  });

  it('marks the chunks whose text holds NUL or U+FFFD, and names the reason for a record', async () => {
    const chunks: boolean[] = [];
    for await (const chunk of readCsv(Readable.from([Buffer.from('a,b\n'), Buffer.from('c,\u0000\n')])))
      chunks.push(chunk.suspect);
    expect(chunks).toEqual([false, true, false]);
    expect(unstorableCharacter(['a', 'b\u0000'])).toMatch(/NUL/);
    expect(unstorableCharacter(['\uFFFD'])).toMatch(/U\+FFFD/);
    expect(unstorableCharacter(['a', 'b'])).toBeUndefined();
  });
});
