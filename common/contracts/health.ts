import { Type } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  dialect: Type.String(),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});

/** 503 with the same body when the database cannot be reached. */
export const GetHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  response: { 200: Health, 503: Health },
});

/**
 * What the browser needs of this deployment: where the realtime server is (a public URL, or the
 * port on this host), and the address of the contact mail link (null: the page shows none).
 */
export const GetClientConfig = endpoint({
  method: 'GET',
  path: '/api/config',
  response: {
    200: Type.Object({
      realtime: Type.Object({ url: Nullable(Type.String()), port: Type.Integer() }),
      contact: Type.Object({ email: Nullable(Type.String()) }),
      /** The search map's base layer: a {z}/{x}/{y} tile URL template (null: none) and its credit. */
      map: Type.Object({ tileUrl: Nullable(Type.String()), tileAttribution: Type.String() }),
      /**
       * Whether area alerts can be sent by email (a mail server is set up): without it the pages
       * offer the area's Atom feed alone, and POST /api/alerts answers 503 EMAIL_UNAVAILABLE.
       */
      alerts: Type.Object({ email: Type.Boolean() }),
    }),
  },
});
