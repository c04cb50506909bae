import { Type, type Static } from 'typebox';
import { ClockDefinitionSchema, ClockKindSchema, GetAreaClock, TickFrameSchema } from './clocks.ts';

/**
 * The realtime server's Socket.IO events (common/realtime/protocol.ts names them and says when
 * each is sent). Payloads as schemas, so a client can check what it receives and the contract
 * test can check what a node sends.
 */

/** `clock:join`'s argument and `clock:leave`'s. */
export const ClockJoin = ClockKindSchema;

/** `area:join`'s argument and `area:leave`'s: an area id, as GET /api/area-clock takes it. */
export const AreaJoin = GetAreaClock.querystring.properties.area;

/** The acknowledgement of `clock:join` and `area:join`. */
export const JoinClockReply = Type.Union([
  Type.Object({
    ok: Type.Literal(true),
    definition: ClockDefinitionSchema,
    serverTime: Type.Number(),
    /** The current second's tick, so the counts arrive with the definition. */
    tick: Type.Optional(TickFrameSchema),
  }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);
export type JoinClockReply = Static<typeof JoinClockReply>;

/** `t`, every second to each clock room. */
export const TickEvent = TickFrameSchema;

/** `clock:definition`, whenever the data behind a clock changes. */
export const DefinitionEvent = ClockDefinitionSchema;
