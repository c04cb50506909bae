import { Readable } from 'node:stream';
import type { Locale } from '../../../common/i18n/locale.ts';
import {
  csvHead,
  EXPORT_CONTENT_TYPES,
  JSON_TAIL,
  exportFileName,
  jsonCrime,
  jsonHead,
  type ExportFormat,
} from '../../../common/search/export.ts';
import type { ApiCrime, SearchRequestBody } from '../../../common/search/types.ts';
import type { CrimeRow } from './areas.ts';
import { csvRows } from './export-rows.ts';
import type { SearchService } from './search-service.ts';

/**
 * Rows read from the store at a time: few round trips, and at most two batches (the one being
 * written and the one being read) in memory. Larger batches measured slower: they outlive the
 * young generation and cost the garbage collector more.
 */
export const EXPORT_BATCH_ROWS = 5000;

export interface SearchExport {
  fileName: string;
  contentType: string;
  /** Crimes in the file; the store's count when the export started. */
  total: number;
  /** The file, produced as it is read: a slow reader holds back the store, not memory. */
  body: Readable;
}

export interface ExportService {
  /** `locale`: the language of the words the file carries besides the data (its synthetic notice). */
  exportSearch(
    request: SearchRequestBody,
    format: ExportFormat,
    options?: { now?: Date; locale?: Locale },
  ): Promise<SearchExport>;
}

/**
 * Exports of a whole search result in one response. The search is checked and summed first (so a
 * bad request is a 4xx before any byte is sent), then the crimes are streamed month by month in
 * id batches, each batch turned into text only when the reader wants more.
 */
export function createExportService(
  search: Pick<SearchService, 'searchAll'>,
  { batchRows = EXPORT_BATCH_ROWS }: { batchRows?: number } = {},
): ExportService {
  return {
    async exportSearch(request, format, { now = new Date(), locale = 'en' } = {}) {
      const { summary, rows, crimes, close } = await search.searchAll(request, batchRows);
      const synthetic = summary.dataInfo.synthetic;
      const body = Readable.from(
        format === 'csv'
          ? csvChunks(csvHead(synthetic, locale), readAhead(rows))
          : jsonChunks(jsonHead(summary, now, locale), readAhead(crimes)),
        { objectMode: false },
      );
      // The store's snapshot is held until the file is sent or given up, read or not.
      body.once('close', () => void close());
      return {
        fileName: exportFileName(summary, format),
        contentType: EXPORT_CONTENT_TYPES[format],
        total: summary.pagination.total,
        body,
      };
    },
  };
}

/**
 * The batches of `source`, asking for the next as soon as one is handed out: the store reads the
 * next batch (on the driver's thread) while this one is turned into text and sent.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = source.next();
      // A reader that stops early leaves this read behind: its failure must not go unhandled.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await source.return(undefined).catch(() => undefined);
  }
}

async function* csvChunks(head: string, rows: AsyncGenerator<CrimeRow[]>): AsyncGenerator<string> {
  yield head;
  for await (const batch of rows) yield csvRows(batch);
}

async function* jsonChunks(head: string, crimes: AsyncGenerator<ApiCrime[]>): AsyncGenerator<string> {
  yield head;
  let first = true;
  for await (const batch of crimes) {
    let chunk = '';
    for (const crime of batch) {
      chunk += jsonCrime(crime, first);
      first = false;
    }
    yield chunk;
  }
  yield JSON_TAIL;
}
