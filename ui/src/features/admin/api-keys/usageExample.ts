/**
 * The usage example the new-key dialog shows: the partner crime search as documented at
 * /api/docs (POST /api/external/crime-search, key in X-API-Key, JSON body). An API test checks
 * this example against the generated OpenAPI document, so the two cannot drift apart.
 */

import { API_KEY_HEADER, PartnerSearch } from '../../../../../common/contracts/partner.ts';

export const EXAMPLE_SEARCH_BODY = {
  postcode: 'SW1A 1AA',
  radius: 1,
  startMonth: 'RECENT_3_MONTHS',
} as const;

/** A shell-safe single-quoted string. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The curl command for `origin` (e.g. https://crimeclock.example) with the new key. */
export function curlExample(origin: string, apiKey: string): string {
  return [
    `curl -X POST ${shellQuote(origin + PartnerSearch.path)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${shellQuote(`${API_KEY_HEADER}: ${apiKey}`)} \\`,
    `  -d ${shellQuote(JSON.stringify(EXAMPLE_SEARCH_BODY))}`,
  ].join('\n');
}
