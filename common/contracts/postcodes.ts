import { Type } from 'typebox';
import { endpoint } from './endpoint.ts';

/** Postcode suggestions and look-ups, answered from the store or postcodes.io. */

/** Suggestions come from this many letters or digits of a postcode (spaces ignored), at most this many. */
export const POSTCODE_PREFIX_MIN_CHARS = 2;
export const POSTCODE_SUGGESTIONS_MAX = 8;

/**
 * postcodes.io's shape: `{ status, result }`, at most `limit` postcodes starting with `q`. A
 * larger `limit` is refused here (400); the prefix's letters and digits are counted by the service,
 * which a string's length cannot say.
 */
export const AutocompletePostcodes = endpoint({
  method: 'GET',
  path: '/api/postcodes/autocomplete',
  querystring: Type.Object({
    q: Type.String({ maxLength: 16 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POSTCODE_SUGGESTIONS_MAX })),
  }),
  response: { 200: Type.Object({ status: Type.Literal(200), result: Type.Array(Type.String()) }) },
});

/** 400 for text that is no postcode, 404 for one nobody knows. */
export const LookUpPostcode = endpoint({
  method: 'GET',
  path: '/api/postcodes/:postcode',
  params: Type.Object({ postcode: Type.String({ maxLength: 16 }) }),
  response: {
    200: Type.Object({
      postcode: Type.String(),
      latitude: Type.Number(),
      longitude: Type.Number(),
      /** True for postcodes of the generated sample, which are not real places. */
      synthetic: Type.Boolean(),
    }),
  },
});
