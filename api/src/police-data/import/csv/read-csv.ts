import { CsvScanner, type CsvScanResult, type CsvScannerOptions } from './csv-scanner.ts';

export interface CsvChunk extends CsvScanResult {
  /** Bytes of input consumed with this chunk, for progress by size. */
  bytes: number;
  /**
   * The chunk's text holds a NUL or U+FFFD (a character an earlier conversion lost): its records
   * need a closer look. Almost no chunk does, so the common case costs one search of the text.
   */
  suspect: boolean;
}

/** How a file's bytes are read as text: UTF-8, or the encoding of the forces' spreadsheet exports. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** Raised when a file read as UTF-8 holds a byte sequence that is not UTF-8. */
export class NotUtf8Error extends Error {
  constructor(readonly byteOffset: number) {
    super(`not valid UTF-8 (first bad byte within the ${byteOffset.toLocaleString('en-GB')} bytes read)`);
    this.name = 'NotUtf8Error';
  }
}

const SUSPECT = /[\0\uFFFD]/;

export interface ReadCsvOptions extends CsvScannerOptions {
  /** utf-8 (default) throws NotUtf8Error at the first invalid sequence instead of writing U+FFFD. */
  encoding?: CsvEncoding;
}

/**
 * Reads CSV records from a byte stream, one input chunk at a time: the caller's awaiting between
 * chunks is the back-pressure, so memory stays at about one chunk plus one batch of rows.
 */
export async function* readCsv(
  input: AsyncIterable<Buffer | string>,
  options: ReadCsvOptions = {},
): AsyncGenerator<CsvChunk> {
  const scanner = new CsvScanner(options);
  const encoding = options.encoding ?? 'utf-8';
  // windows-1252 maps every byte to a character (Node's ICU decodes 0x80–0x9F as cp1252's € ’ …,
  // not as Latin-1's control characters; a test holds it to that), so only UTF-8 can fail.
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let read = 0;
  const decode = (bytes?: Buffer): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch (error) {
      if (error instanceof TypeError) throw new NotUtf8Error(read);
      throw error;
    }
  };
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    read += buffer.length;
    const text = decode(buffer);
    yield { ...scanner.push(text), bytes: buffer.length, suspect: SUSPECT.test(text) };
  }
  const rest = decode();
  yield { ...scanner.push(rest, true), bytes: 0, suspect: SUSPECT.test(rest) };
}

/** Why a record cannot be stored as read, or undefined: NUL and U+FFFD never reach the store. */
export function unstorableCharacter(fields: readonly string[]): string | undefined {
  for (const field of fields) {
    if (field.includes('\0')) return 'holds a NUL byte (a binary or damaged file?)';
    if (field.includes('\uFFFD')) {
      return 'holds U+FFFD, the mark of a character lost by an earlier conversion of the file';
    }
  }
  return undefined;
}
