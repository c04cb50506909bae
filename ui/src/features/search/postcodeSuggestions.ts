/** The search page's postcode suggestions; its error card words failures by code (shared/failureMessage.ts). */
import { AutocompletePostcodes } from '../../../../common/contracts/postcodes.ts';
import { call } from '../../shared/api.ts';

/**
 * Suggestions for a typed prefix. A failure rejects, so that the query caching the answers keeps no
 * "none" for a passing one (a 429, a lost connection); the field shows it as no suggestions
 * (the field stays usable), and the next pause on the prefix asks again.
 */
export async function fetchPostcodeSuggestions(
  prefix: string,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  const body = await call(AutocompletePostcodes, { query: { q: prefix, limit } }, { signal });
  return body.result.slice(0, limit);
}
