import type { Logger } from 'pino';
import type { ClockDefinition, ClockKind } from '../../../common/clock/types.ts';
import { clockAreaId, parseClockAreaId } from '../../../common/clock/area.ts';
import {
  areaOfRoom,
  areaRoom,
  CLOCK_KINDS,
  clockRoom,
  isClockKind,
  TICK_EVENT,
  TICK_INTERVAL_MS,
  type JoinClockReply,
} from '../../../common/realtime/protocol.ts';
import { tickFrameAt } from '../../../common/realtime/tick.ts';
import { startAimedTimer } from '../aimed-timer.ts';
import type { RealtimeIo, RealtimeSocket } from '../io-types.ts';
import type { AreaClocks } from './area-clocks.ts';
import type { AreaShares } from './area-shares.ts';
import type { DefinitionSource } from './definition-source.ts';

export interface ClockRoomsOptions {
  io: RealtimeIo;
  definitions: DefinitionSource;
  logger: Logger;
  now?: () => number;
  tickMs?: number;
  /** True when a cluster adapter (Redis) connects this node to others. */
  clustered?: boolean;
  /** Told after each tick leaves for a room, with the second it is for (the metrics time it). */
  onTickSent?: (clock: ClockKind, second: number) => void;
  /** Area clocks; without them `area:join` is refused. */
  areas?: AreaClocks;
  /** Distinct areas this node ticks for at most (REALTIME_MAX_AREA_CLOCKS). */
  maxAreas?: number;
  /**
   * Each address's share of the node's areas (area-shares.ts, built by the composition root):
   * counted here as sockets join and leave area rooms, checked when a join would add an area.
   */
  areaShares: AreaShares;
  /**
   * The unit a socket's per-address share is counted under: its visitor's address group, as the
   * connection cap reads and counts it (limits/connection-limits.ts `addressOf`).
   */
  addressOf: (socket: RealtimeSocket) => string;
}

/** Event name other nodes hear (through the Redis adapter) when one node sees new clock data. */
const DATA_CHANGED = 'clock:data-changed' as const;

/**
 * Clock rooms: a client joins one, receives the definition, then a tick every whole second.
 * Every node computes its own ticks at the same whole seconds from the same definition, so
 * clients on different nodes receive identical payloads without any tick crossing Redis;
 * Redis carries only the rare "data changed" notice, and a node keeps ticking if Redis is down.
 */
export function attachClockRooms({
  io,
  definitions,
  logger,
  now = Date.now,
  tickMs = TICK_INTERVAL_MS,
  clustered = false,
  onTickSent,
  areas,
  maxAreas = 1000,
  areaShares,
  addressOf,
}: ClockRoomsOptions) {
  const joinReply = (definition: ClockDefinition): JoinClockReply => {
    const serverTime = now();
    return {
      ok: true,
      definition,
      serverTime,
      tick: tickFrameAt(definition, alignedSecond(serverTime, tickMs)),
    };
  };

  // The address of each socket, to count its area rooms under (joins under way count too).
  const socketAddress = new Map<string, string>();
  const countWatch = areaShares.count;
  const nsp = io.of('/');
  nsp.adapter.on('join-room', (room: string, socketId: string) => {
    const id = areaOfRoom(room);
    const address = socketAddress.get(socketId);
    if (id !== undefined && address !== undefined) countWatch(address, id, 1);
  });
  nsp.adapter.on('leave-room', (room: string, socketId: string) => {
    const id = areaOfRoom(room);
    const address = socketAddress.get(socketId);
    if (id !== undefined && address !== undefined) countWatch(address, id, -1);
  });

  io.on('connection', (socket) => {
    // The connection limits' listener runs first and may already have closed a socket over its
    // event budget: its 'disconnect' has fired, so nothing registered now would ever be undone.
    if (socket.disconnected) return;
    const address = addressOf(socket);
    socketAddress.set(socket.id, address);
    // After the socket left its rooms (Socket.IO leaves them before this event).
    socket.on('disconnect', () => socketAddress.delete(socket.id));

    socket.on('clock:join', (clock, reply) => {
      if (typeof reply !== 'function') return;
      if (!isClockKind(clock)) return reply({ ok: false, error: 'Unknown clock; use "csew" or "police".' });
      const definition = definitions.current(clock);
      const room = clockRoom(clock);
      // Joining again (a client that saw a newer version asks for the definition) only answers:
      // the socket is in the room once and its ticks already come.
      const already = socket.rooms.has(room);
      // In the room even without data, so the definition reaches the client as soon as it exists.
      if (!already) void socket.join(room);
      if (!definition) return reply({ ok: false, error: 'This clock has no data yet.' });
      reply(joinReply(definition));
    });
    socket.on('clock:leave', (clock) => {
      if (isClockKind(clock)) void socket.leave(clockRoom(clock));
    });

    socket.on('area:join', async (areaId, reply) => {
      if (typeof reply !== 'function') return;
      const area = parseClockAreaId(areaId);
      if (!area)
        return reply({ ok: false, error: 'Unknown area; use postcode:…, force:… or neighbourhood:…:….' });
      if (!areas) return reply({ ok: false, error: 'Area clocks are not served here.' });
      const id = clockAreaId(area);
      const room = areaRoom(id);
      const held = areas.current(id);
      if (socket.rooms.has(room) && held) return reply(joinReply(held));
      // Every area held is a clock computed every second: their number is bounded per node.
      if (!held && areas.size() >= maxAreas) {
        return reply({
          ok: false,
          error: 'Too many area clocks are being watched on this server; try again later.',
        });
      }
      // A new area for this node takes one of the address's share of them (joins under way count).
      if (!held && !areaShares.mayWatch(address, id)) {
        return reply({
          ok: false,
          error: 'Too many areas are watched from this address; leave one to watch another.',
        });
      }
      countWatch(address, id, 1);
      let loaded;
      try {
        loaded = await areas.load(id, address);
        if (!loaded.ok) return reply(loaded);
        if (socket.disconnected) return;
        // One area per socket: a viewer who picks another area leaves the last one.
        for (const other of socket.rooms)
          if (areaOfRoom(other) !== undefined && other !== room) void socket.leave(other);
        void socket.join(room);
      } finally {
        countWatch(address, id, -1);
      }
      areas.hold(id, loaded.definition);
      reply(joinReply(areas.current(id)!));
    });
    socket.on('area:leave', (areaId) => {
      const area = parseClockAreaId(areaId);
      if (area) void socket.leave(areaRoom(clockAreaId(area)));
    });
  });

  // An area room is gone when its last viewer leaves: its clock is no longer computed.
  io.of('/').adapter.on('delete-room', (room: string) => {
    const id = areaOfRoom(room);
    if (id !== undefined) areas?.drop(id);
  });
  areas?.onChange((areaId, definition) => {
    io.local.to(areaRoom(areaId)).emit('clock:definition', definition);
  });

  definitions.onChange((definition) => {
    io.local.to(clockRoom(definition.clock)).emit('clock:definition', definition);
    // A new import changes the national police clock; the areas watched are read again with it.
    if (definition.clock === 'police') void areas?.refreshAll();
    // Other nodes (if any share an adapter) fetch the new data at once instead of at their next check.
    if (!clustered) return;
    try {
      io.serverSideEmit(DATA_CHANGED, definition.clock);
    } catch (error) {
      logger.warn({ err: error }, 'could not tell other nodes about new clock data');
    }
  });
  io.on(DATA_CHANGED, () => void definitions.refresh());

  const broadcastTick = (clock: ClockKind, second: number) => {
    const definition = definitions.current(clock);
    const room = clockRoom(clock);
    if (!definition || !io.of('/').adapter.rooms.get(room)?.size) return;
    // Volatile: a viewer whose connection cannot take it now skips this second instead of
    // queueing it; the next tick carries absolute counts.
    io.local.to(room).volatile.emit(TICK_EVENT, tickFrameAt(definition, second));
    onTickSent?.(clock, second);
  };
  const broadcastAreaTick = (areaId: string, definition: ClockDefinition, second: number) => {
    const room = areaRoom(areaId);
    if (!io.of('/').adapter.rooms.get(room)?.size) return;
    io.local.to(room).volatile.emit(TICK_EVENT, tickFrameAt(definition, second));
  };
  // The tick is for the second the timer was aimed at: timers may fire a hair early or late
  // against the wall clock, and reading the clock again could repeat or skip a second.
  const ticks = startAimedTimer({
    intervalMs: tickMs,
    now,
    run: (second) => {
      for (const clock of CLOCK_KINDS) broadcastTick(clock, second);
      if (areas)
        for (const [areaId, definition] of areas.entries()) broadcastAreaTick(areaId, definition, second);
    },
  });

  return {
    stop: () => ticks.stop(),
    /** Sockets whose address is kept for the per-address area share (none once all have gone). */
    stats: () => ({ trackedSockets: socketAddress.size }),
  };
}

function alignedSecond(instantMs: number, tickMs: number): number {
  return instantMs - (instantMs % tickMs);
}
