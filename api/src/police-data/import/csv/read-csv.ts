import { StringDecoder } from 'node:string_decoder';
import { CsvScanner, type CsvScanResult, type CsvScannerOptions } from './csv-scanner.ts';

export interface CsvChunk extends CsvScanResult {
  /** Bytes of input consumed with this chunk, for progress by size. */
  bytes: number;
}

/**
 * Reads CSV records from a byte stream, one input chunk at a time: the caller's awaiting between
 * chunks is the back-pressure, so memory stays at about one chunk plus one batch of rows.
 */
export async function* readCsv(
  input: AsyncIterable<Buffer | string>,
  options: CsvScannerOptions = {},
): AsyncGenerator<CsvChunk> {
  const scanner = new CsvScanner(options);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    yield { ...scanner.push(text), bytes };
  }
  yield { ...scanner.push(decoder.end(), true), bytes: 0 };
}
