import { categoryFromSlug } from '../../common/crime/categories.ts';
import { csvLine } from '../../common/csv/csv.ts';
import type { ApiCrime } from '../../common/search/types.ts';

/**
 * One crime of the search's answer as a line of the CSV export (RFC 4180, CRLF), built from the
 * answer's shape with the shared CSV writer: what the API's export, which writes its lines
 * straight from store rows (api/src/search/export-rows.ts), is checked against byte for byte.
 */
export function crimeCsvLine(crime: ApiCrime): string {
  return `${csvLine([
    crime.month,
    categoryFromSlug(crime.category)?.label ?? crime.category,
    crime.category,
    crime.location?.street.name,
    crime.location?.latitude,
    crime.location?.longitude,
    crime.outcome_status?.category,
    crime.persistent_id,
    crime.force_id,
    crime.lsoa_code,
  ])}\r\n`;
}
