import { Type } from 'typebox';
import { fileEndpoint } from './endpoint.ts';
import { LangQuery } from './lang.ts';

/**
 * GET /api/og/clock.png: a clock's link-preview image (PNG, 1200×630), the og:image of its page
 * (common/site/page-metadata.ts writes the address). Not a JSON endpoint, so not in ENDPOINTS.
 */
const ClockImageQuery = Type.Object({
  clock: Type.Union([Type.Literal('crime-clock'), Type.Literal('police-crime-clock')]),
  /** An area of the police clock (common/clock/area.ts ids). */
  area: Type.Optional(Type.String({ minLength: 1, maxLength: 160 })),
  /** The language of the page it previews: a /cy/ page's image is drawn in Welsh. */
  lang: Type.Optional(LangQuery),
});

/** The clock's image: a PNG, drawn from the query. */
export const GetClockImage = fileEndpoint({
  method: 'GET',
  path: '/api/og/clock.png',
  querystring: ClockImageQuery,
  produces: ['image/png'],
});
