/**
 * Export of a whole search result, not only the page on screen: every page is fetched at the
 * largest page size the API allows, then written as CSV (with a header row) or JSON, with the area
 * and period in the file name.
 */
import {
  MAX_PAGE_SIZE,
  type ApiCrime,
  type SearchRequestBody,
  type SearchResponse,
} from '../../../../common/search/types.ts';
import { categoryLabel } from './searchFormat.ts';

export type ExportFormat = 'csv' | 'json';

/** Pages requested at once: quick enough for large results without crowding the server. */
const PARALLEL_PAGES = 4;

export interface ExportProgress {
  loaded: number;
  total: number;
}

export type SearchPage = (request: SearchRequestBody, signal: AbortSignal) => Promise<SearchResponse>;

/** Every crime of the search, in the order the table lists them. */
export async function fetchAllCrimes(
  request: SearchRequestBody,
  searchPage: SearchPage,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<ApiCrime[]> {
  const pageRequest = (page: number) => searchPage({ ...request, page, pageSize: MAX_PAGE_SIZE }, signal);
  const first = await pageRequest(1);
  const pages: ApiCrime[][] = [first.data];
  const total = first.pagination.total;
  let loaded = first.data.length;
  onProgress({ loaded, total });
  let next = 2;
  async function worker() {
    while (next <= first.pagination.pages) {
      const page = next++;
      const { data } = await pageRequest(page);
      pages[page - 1] = data;
      loaded += data.length;
      onProgress({ loaded, total });
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  return pages.flat();
}

export const CSV_COLUMNS = [
  'Month',
  'Crime type',
  'Category',
  'Location',
  'Latitude',
  'Longitude',
  'Outcome',
  'Crime ID',
  'Force',
  'LSOA code',
] as const;

const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV field. Text that a spreadsheet would run as a formula (starting with = + - @) gets a
 * leading apostrophe, since street names and outcomes come from outside sources; plain numbers
 * such as a negative longitude stay as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function crimeRow(crime: ApiCrime): (string | null | undefined)[] {
  return [
    crime.month,
    categoryLabel(crime.category),
    crime.category,
    crime.location?.street.name,
    crime.location?.latitude,
    crime.location?.longitude,
    crime.outcome_status?.category,
    crime.persistent_id,
    crime.force_id,
    crime.lsoa_code,
  ];
}

/** RFC 4180 CSV with CRLF line ends and a byte-order mark, so spreadsheets read it as UTF-8. */
export function crimesToCsv(crimes: readonly ApiCrime[]): string {
  const lines = [
    CSV_COLUMNS.map(csvField).join(','),
    ...crimes.map((c) => crimeRow(c).map(csvField).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function crimesToJson(result: SearchResponse, crimes: readonly ApiCrime[], exportedAt: Date): string {
  const { dataInfo, stats } = result;
  return JSON.stringify(
    {
      exportedAt: exportedAt.toISOString(),
      area: dataInfo.area,
      searchType: dataInfo.searchType,
      period: dataInfo.timeRange,
      radiusMiles: dataInfo.radius,
      synthetic: dataInfo.synthetic,
      monthsWithoutData: dataInfo.monthsWithoutData,
      forcesWithoutData: dataInfo.forcesWithoutData,
      totalCrimes: stats.totalCrimes,
      crimes,
    },
    null,
    2,
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** e.g. crimes-sw1a-1aa-2025-07-to-2025-09.csv, or crimes-metropolitan-police-service-2025-06.json */
export function exportFileName(result: SearchResponse, format: ExportFormat): string {
  const { area, timeRange } = result.dataInfo;
  const place = slug(area.postcode ?? area.label) || 'area';
  const period =
    timeRange.start === timeRange.end ? timeRange.start : `${timeRange.start}-to-${timeRange.end}`;
  return `crimes-${place}-${period}.${format}`;
}

/** Hands a file to the browser's downloads. */
export function saveFile(contents: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
