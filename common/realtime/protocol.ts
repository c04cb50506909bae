/**
 * The Socket.IO protocol between the realtime server and its clients (browsers, load generator).
 * Events are small and carry absolute values, so a lost or duplicated message is harmless and a
 * client that reconnects to another node needs nothing replayed.
 *
 * A client joins a clock room with `clock:join` and gets the clock's definition (the clock
 * model's input) in the acknowledgement; after that the room receives:
 *  - `clock:tick` every second: the authoritative whole counts at a whole server second, computed
 *    by every node from the same definition, so clients on different nodes get identical ticks;
 *  - `clock:definition` whenever the data behind the clock changes (a new import, new figures).
 */
import type { ClockDefinition, ClockKind } from '../clock/types.ts';

export const REALTIME_PATH = '/socket.io';
export const CLOCK_KINDS: readonly ClockKind[] = ['csew', 'police'];
export const TICK_INTERVAL_MS = 1000;

export function clockRoom(clock: ClockKind): string {
  return `clock:${clock}`;
}

export function isClockKind(value: unknown): value is ClockKind {
  return value === 'csew' || value === 'police';
}

export interface ServerTime {
  /** Server wall clock, ms since the epoch. */
  t: number;
}

/** Kept terse: it goes to every viewer every second. */
export interface ClockTick {
  /** Which clock. */
  c: ClockKind;
  /** Version of the definition the counts come from. */
  v: string;
  /** Server time the counts are true at: a whole second, ms since the epoch. */
  t: number;
  /** London calendar year of the counts (they restart at 0 on 1 January). */
  y: number;
  /** Whole incident count since 1 January. */
  n: number;
  /** Whole count per incident category, in the definition's category order. */
  k: number[];
}

export type JoinClockReply =
  { ok: true; definition: ClockDefinition; serverTime: number } | { ok: false; error: string };

export interface ServerToClientEvents {
  /** On connect, then every second to every connected client, half a second after the ticks. */
  'server:time': (payload: ServerTime) => void;
  'clock:tick': (tick: ClockTick) => void;
  'clock:definition': (definition: ClockDefinition) => void;
}

export interface ClientToServerEvents {
  'clock:join': (clock: ClockKind, reply: (result: JoinClockReply) => void) => void;
  'clock:leave': (clock: ClockKind) => void;
}
