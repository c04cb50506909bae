/**
 * What an export of a search result holds: the CSV columns, the JSON document's head and its
 * crimes, and the file name (area and period). The API streams these (a crime's CSV line it writes
 * straight from store rows, api/src/search/export-rows.ts); they live here so that the rules are
 * tested without a server.
 */
import { CSV_BOM, csvLine } from '../csv/csv.ts';
import type { Locale } from '../i18n/locale.ts';
import { sharingWord } from '../site/sharing-words.ts';
import type { ApiCrime, SearchResponse } from './types.ts';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

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

/** The first line of the CSV, after a byte-order mark so spreadsheets read the file as UTF-8. */
const CSV_HEAD = `${CSV_BOM}${csvLine(CSV_COLUMNS)}\r\n`;

/**
 * The head of a CSV export. A file made from the synthetic sample opens with one line saying so,
 * above the columns: a spreadsheet shows it first, and a copy passed on carries it.
 */
export function csvHead(synthetic: boolean, locale: Locale = 'en'): string {
  if (!synthetic) return CSV_HEAD;
  return `${CSV_BOM}${csvLine([sharingWord(locale, 'sharing.synthetic.note')])}\r\n${CSV_HEAD.slice(CSV_BOM.length)}`;
}

/**
 * The JSON export is one object: what was searched, then `crimes`. It is written in three parts
 * so the crimes can be streamed between them: `jsonHead(...)`, each crime through `jsonCrime`
 * (the first without a comma), then `JSON_TAIL`.
 */
export function jsonHead(summary: SearchResponse, exportedAt: Date, locale: Locale = 'en'): string {
  const { dataInfo, stats, pagination } = summary;
  const head = JSON.stringify(
    {
      // First, where a reader of the file sees it before any figure.
      ...(dataInfo.synthetic ? { notice: sharingWord(locale, 'sharing.synthetic.note') } : {}),
      exportedAt: exportedAt.toISOString(),
      area: dataInfo.area,
      searchType: dataInfo.searchType,
      period: dataInfo.timeRange,
      radiusMiles: dataInfo.radius,
      synthetic: dataInfo.synthetic,
      monthsWithoutData: dataInfo.monthsWithoutData,
      forcesWithoutData: dataInfo.forcesWithoutData,
      totalCrimes: pagination.total,
      crimeTypes: stats.crimeTypes.map(({ category, name, count }) => ({ category, name, count })),
    },
    null,
    2,
  );
  return `${head.slice(0, -2)},\n  "crimes": [`;
}

export function jsonCrime(crime: ApiCrime, first: boolean): string {
  return `${first ? '' : ','}\n    ${JSON.stringify(crime)}`;
}

export const JSON_TAIL = '\n  ]\n}\n';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * e.g. crimes-sw1a-1aa-2025-07-to-2025-09.csv, or crimes-metropolitan-police-service-2025-06.json;
 * from the synthetic sample crimes-sw1a-1aa-2025-07-to-2025-09-SYNTHETIC.csv, so the name alone
 * tells a saved file from real data.
 */
export function exportFileName(summary: SearchResponse, format: ExportFormat): string {
  const { area, timeRange, synthetic } = summary.dataInfo;
  const place = slug(area.postcode ?? area.label) || 'area';
  const period =
    timeRange.start === timeRange.end ? timeRange.start : `${timeRange.start}-to-${timeRange.end}`;
  return `crimes-${place}-${period}${synthetic ? '-SYNTHETIC' : ''}.${format}`;
}
