import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../common/realtime/protocol.ts';

/** Events between realtime nodes, carried by the Redis adapter. */
export interface InterServerEvents {
  'clock:data-changed': (clock: string) => void;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
