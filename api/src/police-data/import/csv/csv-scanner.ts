/**
 * A streaming CSV scanner tuned for the police archives. Almost every line there holds no quote at
 * all, so such lines take a fast path (`split(',')`); only lines with a quote go through the
 * RFC 4180 state machine. A broken record (a quote inside an unquoted field, text after a closing
 * quote, or a quote that never closes) becomes a fault for its line, and scanning resumes at the
 * next physical line, so one bad line never swallows the rest of a file.
 */
export interface CsvRecord {
  /** Physical line (1-based) where the record starts; the header is line 1. */
  line: number;
  fields: string[];
}

export interface CsvFault {
  line: number;
  reason: string;
}

export interface CsvScanResult {
  records: CsvRecord[];
  faults: CsvFault[];
}

export interface CsvScannerOptions {
  /** A quoted field may hold line breaks; one spanning more lines than this is taken as broken. */
  maxRecordLines?: number;
  /** Characters an unfinished line may hold before it is refused (MAX_PENDING_CHARS). */
  maxPendingChars?: number;
}

const QUOTE = 34;
const CR = 13;
const LF = 10;
const COMMA = 44;

type QuotedOutcome =
  | { kind: 'record'; fields: string[]; next: number; lines: number }
  | { kind: 'incomplete' }
  | { kind: 'broken'; reason: string };

/**
 * The most characters one unfinished line or quoted record may hold while the scanner waits for
 * its end (real rows are a few hundred). Beyond it the line is refused and skipped to its end:
 * a file with a 400 MB "line" (a zip bomb's, or an unclosed quote) would otherwise be held, and
 * copied again for each chunk read, until memory runs out.
 */
export const MAX_PENDING_CHARS = 1024 * 1024;

export class CsvScanner {
  private rest = '';
  private line = 1;
  private started = false;
  /** True while the rest of an over-long line is being thrown away. */
  private skipping = false;
  private readonly maxRecordLines: number;
  private readonly maxPendingChars: number;

  constructor(options: CsvScannerOptions = {}) {
    this.maxRecordLines = options.maxRecordLines ?? 20;
    this.maxPendingChars = options.maxPendingChars ?? MAX_PENDING_CHARS;
  }

  /** Scans `text` after whatever was left over; `final` marks the end of the input. */
  push(text: string, final = false): CsvScanResult {
    if (this.skipping) {
      const newline = text.indexOf('\n');
      if (newline === -1) return { records: [], faults: [] };
      this.skipping = false;
      this.line++;
      text = text.slice(newline + 1);
    }
    let buf = this.rest + text;
    if (!this.started && buf.length > 0) {
      this.started = true;
      if (buf.charCodeAt(0) === 0xfeff) buf = buf.slice(1);
    }
    const records: CsvRecord[] = [];
    const faults: CsvFault[] = [];
    let pos = 0;
    let nextQuote = buf.indexOf('"');
    while (pos < buf.length) {
      const newline = buf.indexOf('\n', pos);
      if (newline === -1 && !final) break;
      const lineEnd = newline === -1 ? buf.length : newline;
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = buf.indexOf('"', pos);

      if (nextQuote === -1 || nextQuote > lineEnd) {
        const end = lineEnd > pos && buf.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
        // The same limit whether the line came in one piece or many.
        if (end - pos > this.maxPendingChars) faults.push(this.tooLong());
        else if (end > pos) records.push({ line: this.line, fields: buf.slice(pos, end).split(',') });
        this.line++;
        pos = lineEnd + 1;
        continue;
      }

      const outcome = this.scanQuoted(buf, pos, final);
      if (outcome.kind === 'incomplete') {
        if (!final) break;
        faults.push({ line: this.line, reason: 'quote never closed' });
      } else if (outcome.kind === 'broken') {
        faults.push({ line: this.line, reason: outcome.reason });
      } else {
        if (outcome.next - pos > this.maxPendingChars) faults.push(this.tooLong());
        else records.push({ line: this.line, fields: outcome.fields });
        this.line += outcome.lines;
        pos = outcome.next;
        continue;
      }
      // Resynchronise on the next physical line after a broken record.
      this.line++;
      pos = lineEnd + 1;
    }
    this.rest = pos < buf.length ? buf.slice(pos) : '';
    if (this.rest.length > this.maxPendingChars) {
      faults.push(this.tooLong());
      // Skip to the end of the physical line the record started on.
      const newline = this.rest.indexOf('\n');
      if (newline === -1) this.skipping = true;
      else {
        this.line++;
        const after = this.rest.slice(newline + 1);
        this.rest = '';
        const more = this.push(after, final);
        return { records: [...records, ...more.records], faults: [...faults, ...more.faults] };
      }
      this.rest = '';
    }
    return { records, faults };
  }

  private tooLong(): CsvFault {
    const limit = this.maxPendingChars.toLocaleString('en-GB');
    return { line: this.line, reason: `line longer than ${limit} characters` };
  }

  /** Parses one record that holds at least one quote, starting at `start`. */
  private scanQuoted(buf: string, start: number, final: boolean): QuotedOutcome {
    const fields: string[] = [];
    let i = start;
    for (;;) {
      if (buf.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const close = buf.indexOf('"', from);
          if (close === -1) return this.unclosed(buf, start, buf.length, final);
          if (close + 1 >= buf.length && !final) return { kind: 'incomplete' };
          if (buf.charCodeAt(close + 1) === QUOTE) {
            value += buf.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          if (this.spannedLines(buf, start, close) > this.maxRecordLines) {
            return { kind: 'broken', reason: 'quote never closed' };
          }
          value += buf.slice(from, close);
          i = close + 1;
          break;
        }
        fields.push(value);
        const c = buf.charCodeAt(i);
        if (c === COMMA) {
          i++;
          continue;
        }
        if (i >= buf.length) return this.finish(buf, start, fields, i);
        if (c === LF) return this.finish(buf, start, fields, i + 1);
        if (c === CR && buf.charCodeAt(i + 1) === LF) return this.finish(buf, start, fields, i + 2);
        if (c === CR && i + 1 >= buf.length) {
          return final ? this.finish(buf, start, fields, i + 1) : { kind: 'incomplete' };
        }
        return { kind: 'broken', reason: 'text after a closing quote' };
      }

      const comma = buf.indexOf(',', i);
      let newline = buf.indexOf('\n', i);
      if (newline === -1) {
        if (!final) return { kind: 'incomplete' };
        newline = buf.length;
      }
      if (comma !== -1 && comma < newline) {
        const field = buf.slice(i, comma);
        if (field.includes('"')) return { kind: 'broken', reason: 'quote inside an unquoted field' };
        fields.push(field);
        i = comma + 1;
        continue;
      }
      const end = newline > i && buf.charCodeAt(newline - 1) === CR ? newline - 1 : newline;
      const field = buf.slice(i, end);
      if (field.includes('"')) return { kind: 'broken', reason: 'quote inside an unquoted field' };
      fields.push(field);
      return this.finish(buf, start, fields, newline + 1);
    }
  }

  private unclosed(buf: string, start: number, end: number, final: boolean): QuotedOutcome {
    if (this.spannedLines(buf, start, end) > this.maxRecordLines) {
      return { kind: 'broken', reason: 'quote never closed' };
    }
    return final ? { kind: 'broken', reason: 'quote never closed' } : { kind: 'incomplete' };
  }

  private finish(buf: string, start: number, fields: string[], next: number): QuotedOutcome {
    return { kind: 'record', fields, next, lines: this.spannedLines(buf, start, next - 1) + 1 };
  }

  /** Line breaks between `from` and `to` (exclusive). */
  private spannedLines(buf: string, from: number, to: number): number {
    let count = 0;
    for (let at = buf.indexOf('\n', from); at !== -1 && at < to; at = buf.indexOf('\n', at + 1)) count++;
    return count;
  }
}
