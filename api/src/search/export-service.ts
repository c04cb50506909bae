import { Readable } from 'node:stream';
import {
  CSV_HEAD,
  EXPORT_CONTENT_TYPES,
  JSON_TAIL,
  crimeCsvLine,
  exportFileName,
  jsonCrime,
  jsonHead,
  type ExportFormat,
} from '../../../common/search/export.ts';
import type { ApiCrime, SearchRequestBody } from '../../../common/search/types.ts';
import type { SearchService } from './search-service.ts';

/** Rows read from the store at a time: large enough to keep round trips few, small enough to stay flat. */
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
  exportSearch(request: SearchRequestBody, format: ExportFormat, now?: Date): Promise<SearchExport>;
}

/**
 * Exports of a whole search result in one response. The search is checked and summed first (so a
 * bad request is a 4xx before any byte is sent), then the crimes are streamed month by month in
 * id batches, each batch turned into text only when the reader wants more.
 */
export function createExportService(search: Pick<SearchService, 'searchAll'>): ExportService {
  return {
    async exportSearch(request, format, now = new Date()) {
      const { summary, crimes } = await search.searchAll(request, EXPORT_BATCH_ROWS);
      return {
        fileName: exportFileName(summary, format),
        contentType: EXPORT_CONTENT_TYPES[format],
        total: summary.pagination.total,
        body: Readable.from(
          format === 'csv' ? csvChunks(crimes) : jsonChunks(jsonHead(summary, now), crimes),
          {
            objectMode: false,
          },
        ),
      };
    },
  };
}

async function* csvChunks(crimes: AsyncGenerator<ApiCrime[]>): AsyncGenerator<string> {
  yield CSV_HEAD;
  for await (const batch of crimes) yield batch.map(crimeCsvLine).join('');
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
