/** The search page's postcode suggestions and the words of its error card (spec sections 7, 8). */
import { AutocompletePostcodes } from '../../../../common/contracts/postcodes.ts';
import { ApiError, call } from '../../shared/api.ts';

/** Suggestions for a typed prefix; any failure is silently no suggestions (spec section 8). */
export async function fetchPostcodeSuggestions(
  prefix: string,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  try {
    const body = await call(AutocompletePostcodes, { query: { q: prefix, limit } }, { signal });
    return Array.isArray(body?.result)
      ? body.result.filter((s): s is string => typeof s === 'string').slice(0, limit)
      : [];
  } catch {
    return [];
  }
}

/** The error card's message: the server's words, else "HTTP {status}: Failed to fetch crime data". */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const text = error.bodyText.trim();
    // A proxy's HTML error page is no message for a person.
    const readable = text !== '' && !text.startsWith('<') && text.length <= 300;
    return error.serverMessage ?? (readable ? text : `HTTP ${error.status}: Failed to fetch crime data`);
  }
  return error instanceof Error && error.message ? error.message : 'Failed to fetch crime data';
}
