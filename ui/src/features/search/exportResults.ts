/**
 * Export of a whole search result: one streamed download from the API (GET /api/crimes/export),
 * which names the file after the area and period. The browser writes it straight to disk, so a
 * large result costs the page no memory and one request.
 */
import { endpointUrl } from '../../../../common/contracts/endpoint.ts';
import { ExportSearch, type ExportQuery } from '../../../../common/contracts/search.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import type { ExportFormat } from '../../../../common/search/export.ts';
import type { SearchRequestBody } from '../../../../common/search/types.ts';
import { searchCriteria } from './searchQueries.ts';

export type { ExportFormat };

/**
 * The download address of a search's whole result; paging fields do not apply. A Welsh page's
 * file says in Welsh what it says besides the data (that it is the synthetic sample).
 */
export function exportHref(request: SearchRequestBody, format: ExportFormat, locale: Locale = 'en'): string {
  const query: ExportQuery = {
    format,
    ...searchCriteria(request),
    ...(locale === 'en' ? {} : { lang: locale }),
  };
  return endpointUrl(ExportSearch, { query });
}
