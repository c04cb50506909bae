import { Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A client for a postcodes.io-compatible service (POSTCODE_API_URL): it only fills gaps in the
 * local postcode table, so every failure (timeout, refusal, odd body) reads as "not known" and
 * never fails the caller's request.
 */
export interface RemotePostcode {
  /** Canonical form as the service writes it, e.g. "SW1A 1AA". */
  postcode: string;
  latitude: number;
  longitude: number;
}

export interface PostcodeApiClient {
  /** The postcode's position, or undefined when unknown, unplaced or unreachable. */
  lookup(compact: string): Promise<RemotePostcode | undefined>;
  /** Postcodes starting with the prefix; empty on any failure. */
  autocomplete(prefix: string, limit: number): Promise<string[]>;
}

export interface PostcodeApiLogger {
  warn(details: object, message: string): void;
}

export interface PostcodeApiClientOptions {
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  logger?: PostcodeApiLogger;
  /** Extra headers per call, e.g. the x-request-id of the request the call is made for. */
  requestHeaders?: () => Record<string, string>;
}

export const DEFAULT_POSTCODE_API_TIMEOUT_MS = 2500;

/**
 * The parts of postcodes.io's answers the client reads. A postcode's answer that does not match
 * is "not known": terminated or offshore postcodes come back with null coordinates.
 */
const LookupAnswer = Type.Object({
  result: Type.Object({ postcode: Type.String(), latitude: Type.Number(), longitude: Type.Number() }),
});
/** The suggestions; an entry that is not a string is skipped, not the list. */
const AutocompleteAnswer = Type.Object({ result: Type.Array(Type.Unknown()) });

export function createPostcodeApiClient(options: PostcodeApiClientOptions): PostcodeApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_POSTCODE_API_TIMEOUT_MS;
  const logger = options.logger;

  async function getJson(path: string): Promise<unknown> {
    try {
      const response = await fetchFn(`${base}${path}`, {
        headers: { ...options.requestHeaders?.(), accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // postcodes.io answers an unknown postcode with 404 and a JSON body; nothing to log there.
      if (response.status === 404) return undefined;
      if (!response.ok) {
        logger?.warn({ status: response.status, path }, 'postcode service answered with an error');
        return undefined;
      }
      return (await response.json()) as unknown;
    } catch (error) {
      logger?.warn({ err: error, path }, 'postcode service could not be reached');
      return undefined;
    }
  }

  return {
    async lookup(compact) {
      const body = await getJson(`/postcodes/${encodeURIComponent(compact)}`);
      // TypeBox's Number refuses NaN and the infinities too.
      if (!Value.Check(LookupAnswer, body)) return undefined;
      const { postcode, latitude, longitude } = body.result;
      return { postcode, latitude, longitude };
    },
    async autocomplete(prefix, limit) {
      const body = await getJson(`/postcodes/${encodeURIComponent(prefix)}/autocomplete?limit=${limit}`);
      if (!Value.Check(AutocompleteAnswer, body)) return [];
      return body.result.filter((p): p is string => typeof p === 'string').slice(0, limit);
    },
  };
}
