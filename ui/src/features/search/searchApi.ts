/** The search page's postcode suggestions (spec section 8); its error card words failures by code (shared/failureMessage.ts). */
import { AutocompletePostcodes } from '../../../../common/contracts/postcodes.ts';
import { call } from '../../shared/api.ts';

/** Suggestions for a typed prefix; any failure is silently no suggestions (spec section 8). */
export async function fetchPostcodeSuggestions(
  prefix: string,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  try {
    const body = await call(AutocompletePostcodes, { query: { q: prefix, limit } }, { signal });
    return body.result.slice(0, limit);
  } catch {
    return [];
  }
}
