/**
 * The Socket.IO protocol between the realtime server and its clients (browsers, load generator).
 * Events are small and carry absolute values, so a lost or duplicated message is harmless and a
 * client that reconnects to another node needs nothing replayed.
 */
export const REALTIME_PATH = '/socket.io';

export interface ServerTime {
  /** Server wall clock, ms since the epoch. */
  t: number;
}

export interface ServerToClientEvents {
  /** Every second to every connected client. */
  'server:time': (payload: ServerTime) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- grows with the clock rooms
export interface ClientToServerEvents {}
