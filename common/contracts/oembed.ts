import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';

/**
 * oEmbed 1.0 (https://oembed.com): a CMS that is given the address of one of our clock pages asks
 * here how to embed it, and gets the iframe of the clock's embed and the script that fits its
 * height to the content (/embed.js). Only `format=json` is served: `xml` is answered 501, as the
 * specification asks of a provider without it; an address that is no clock page of this site, 404.
 */

/** The frame's size when the consumer sets no bound (the embed script then fits its height). */
export const OEMBED_DEFAULT_SIZE = { width: 640, height: 360 } as const;
export const OEMBED_MAX_DIMENSION = 10_000;

const Dimension = Type.Integer({ minimum: 1, maximum: OEMBED_MAX_DIMENSION });

export const OEmbedQuery = Type.Object({
  /** The clock or kiosk page: /crime-clock or /police-crime-clock, with or without ?area=. */
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  maxwidth: Type.Optional(Dimension),
  maxheight: Type.Optional(Dimension),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xml')])),
});
export type OEmbedQuery = Static<typeof OEmbedQuery>;

export const OEmbedRich = Type.Object({
  version: Type.Literal('1.0'),
  type: Type.Literal('rich'),
  title: Type.String(),
  provider_name: Type.String(),
  provider_url: Type.String(),
  /** The iframe of the embed and the resize script, to be placed in the page as it is. */
  html: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Seconds a consumer may keep the answer. */
  cache_age: Type.Integer(),
  thumbnail_url: Type.String(),
  thumbnail_width: Type.Integer(),
  thumbnail_height: Type.Integer(),
});
export type OEmbedRich = Static<typeof OEmbedRich>;

export const GetOEmbed = endpoint({
  method: 'GET',
  path: '/api/oembed',
  querystring: OEmbedQuery,
  response: { 200: OEmbedRich },
});
