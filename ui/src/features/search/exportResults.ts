/**
 * Export of a whole search result: one streamed download from the API (GET /api/crimes/export),
 * which names the file after the area and period. The browser writes it straight to disk, so a
 * large result costs the page no memory and one request.
 */
import type { ExportFormat } from '../../../../common/search/export.ts';
import type { SearchRequestBody } from '../../../../common/search/types.ts';

export type { ExportFormat };

/** The download address of a search's whole result; paging fields do not apply. */
export function exportHref(request: SearchRequestBody, format: ExportFormat): string {
  const query = new URLSearchParams({ format });
  const { page: _page, pageSize: _pageSize, ...criteria } = request;
  for (const [name, value] of Object.entries(criteria)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return `/api/crimes/export?${query}`;
}
