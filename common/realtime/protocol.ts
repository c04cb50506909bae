/**
 * The Socket.IO protocol between the realtime server and its clients (browsers, load generator).
 * Events are small and carry absolute values, so a lost or duplicated message is harmless and a
 * client that reconnects to another node needs nothing replayed.
 *
 * A client joins a clock room with `clock:join` and gets the clock's definition (the clock
 * model's input) in the acknowledgement; after that the room receives:
 *  - `t` (TICK_EVENT) every second: the tick (./tick.ts), the authoritative counts at a whole
 *    server second and their steps to the next, computed by every node from the same definition,
 *    so clients on different nodes get identical ticks. It is also the clients' time signal (its
 *    second is the server's clock), so nothing else is broadcast; it is volatile: a client that
 *    cannot take it now skips it, the next one carries absolute values;
 *  - `clock:definition` whenever the data behind the clock changes (a new import, new figures).
 *
 * An area's police clock (common/clock/area.ts) is joined the same way with `area:join` and its
 * area id; its room exists only while someone watches it, and a socket watches one area at a time.
 * The payloads' schemas are in common/contracts/realtime.ts.
 */
import type { Static } from 'typebox';
import type { ClockKind } from '../clock/types.ts';
import type {
  AreaJoin,
  ClockJoin,
  DefinitionEvent,
  JoinClockReply,
  TickEvent,
} from '../contracts/realtime.ts';

export type { JoinClockReply };

export const REALTIME_PATH = '/socket.io';
export const CLOCK_KINDS: readonly ClockKind[] = ['csew', 'police'];
export const TICK_INTERVAL_MS = 1000;

export function clockRoom(clock: ClockKind): string {
  return `clock:${clock}`;
}

export function isClockKind(value: unknown): value is ClockKind {
  return value === 'csew' || value === 'police';
}

export function areaRoom(areaId: string): string {
  return `area:${areaId}`;
}

/** The area id of an area room; undefined for any other room. */
export function areaOfRoom(room: string): string | undefined {
  return room.startsWith('area:') ? room.slice('area:'.length) : undefined;
}

/** The tick's event name: one character, since it goes to every viewer every second. */
export const TICK_EVENT = 't';

/** The events' payloads are the schemas' of common/contracts/realtime.ts. */
export interface ServerToClientEvents {
  [TICK_EVENT]: (tick: Static<typeof TickEvent>) => void;
  'clock:definition': (definition: Static<typeof DefinitionEvent>) => void;
}

export interface ClientToServerEvents {
  'clock:join': (clock: Static<typeof ClockJoin>, reply: (result: JoinClockReply) => void) => void;
  'clock:leave': (clock: Static<typeof ClockJoin>) => void;
  'area:join': (areaId: Static<typeof AreaJoin>, reply: (result: JoinClockReply) => void) => void;
  'area:leave': (areaId: Static<typeof AreaJoin>) => void;
}
