import { Type, type Static } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/**
 * A realtime node's health (realtime/src/server-app.ts): the proxy's check reads only the status,
 * people and scripts the body. Apart from realtime.ts, which the pages load and this would enlarge.
 */
const RealtimeHealth = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  /** Why the node takes no new visitors, in English; only when it is unavailable. */
  problems: Type.Optional(Type.Array(Type.String())),
  /** What carries the sockets (realtime/src/engine/). */
  engine: Type.String(),
  clients: Type.Integer(),
  limits: Type.Object({
    addresses: Type.Integer(),
    connections: Type.Integer(),
    refusedConnections: Type.Integer(),
    floodDisconnects: Type.Integer(),
  }),
  uptimeSeconds: Type.Integer(),
  clocks: Type.Object({
    /** The version of each clock's definition the node ticks; null before the API has given one. */
    police: Nullable(Type.String()),
    csew: Nullable(Type.String()),
    /** Area clocks the node ticks for, and (with area clocks at all) how their loads from the API go. */
    areas: Type.Integer(),
    areaLoads: Type.Optional(
      Type.Object({
        inFlight: Type.Integer(),
        queued: Type.Integer(),
        refusedLoads: Type.Integer(),
        failedLoads: Type.Integer(),
      }),
    ),
    rooms: Type.Object({ trackedSockets: Type.Integer() }),
  }),
  /** With the Redis adapter (clustered nodes): whether both its connections are ready. */
  redis: Type.Optional(Type.Union([Type.Literal('up'), Type.Literal('down')])),
});
export type RealtimeHealth = Static<typeof RealtimeHealth>;

/** 503 with the same body when the node should get no new visitors (its `problems` say why). */
export const GetRealtimeHealth = endpoint({
  method: 'GET',
  path: '/health',
  response: { 200: RealtimeHealth, 503: RealtimeHealth },
});
