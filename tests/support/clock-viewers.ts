import { io, type Socket } from 'socket.io-client';
import type { ClockKind } from '../../common/clock/types.ts';
import {
  REALTIME_PATH,
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../common/realtime/protocol.ts';
import { readTick, type ClockTick } from '../../common/realtime/tick.ts';

export type ClockSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Disconnect {
  at: number;
  reason: string;
  /** The websocket close code when the transport closed: 1006 means no close frame came. */
  closeCode: number | undefined;
}

/**
 * A viewer as the browser's clock page is one (ui/src/features/clocks/clockFeed.ts): websocket
 * transport only, reconnecting on its own, joining its clock room again on every connect. It
 * records what a person would notice: ticks (and any count that went back), gaps, disconnects.
 */
export interface ClockViewer {
  socket: ClockSocket;
  clock: ClockKind;
  joins: number;
  /** Arrival time of every tick, ms. */
  tickTimes: number[];
  lastTick: ClockTick | undefined;
  /** Every tick whose count or time was below the one before (same year): must stay empty. */
  backwards: string[];
  /** Versions of the definitions received (from the join and from `clock:definition`). */
  versions: string[];
  disconnects: Disconnect[];
  joinErrors: string[];
}

export interface ViewerOptions {
  reconnection?: boolean;
  /** The browser waits 1 s (±50 %) then backs off to 10 s. */
  reconnectionDelay?: number;
}

export function openViewer(url: string, clock: ClockKind, options: ViewerOptions = {}): ClockViewer {
  const socket: ClockSocket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: options.reconnectionDelay ?? 1000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
    timeout: 10_000,
  });
  const viewer: ClockViewer = {
    socket,
    clock,
    joins: 0,
    tickTimes: [],
    lastTick: undefined,
    backwards: [],
    versions: [],
    disconnects: [],
    joinErrors: [],
  };
  socket.on('connect', () => {
    socket.timeout(10_000).emit('clock:join', clock, (error: Error | null, reply: JoinClockReply) => {
      if (error) return void viewer.joinErrors.push(error.message);
      if (!reply.ok) return void viewer.joinErrors.push(reply.error);
      viewer.joins += 1;
      viewer.versions.push(reply.definition.version);
    });
  });
  socket.on(TICK_EVENT, (frame) => {
    const tick = readTick(frame);
    if (!tick || tick.c !== clock) return;
    const last = viewer.lastTick;
    if (last && last.y === tick.y && (tick.n < last.n || tick.t < last.t)) {
      viewer.backwards.push(`${clock}: ${last.n} at ${last.t} then ${tick.n} at ${tick.t}`);
    }
    viewer.lastTick = tick;
    viewer.tickTimes.push(Date.now());
  });
  socket.on('clock:definition', (definition) => {
    if (definition.clock === clock) viewer.versions.push(definition.version);
  });
  socket.on('disconnect', (reason, details) => {
    const context = (details as { context?: { code?: unknown } } | undefined)?.context;
    viewer.disconnects.push({
      at: Date.now(),
      reason,
      closeCode: typeof context?.code === 'number' ? context.code : undefined,
    });
  });
  return viewer;
}

/** Opens `count` viewers, alternating police and csew, in batches; waits until each has joined. */
export async function openViewers(
  url: string,
  count: number,
  options: ViewerOptions & { clocks?: ClockKind[]; batch?: number } = {},
): Promise<ClockViewer[]> {
  const clocks = options.clocks ?? ['police', 'csew'];
  const batch = options.batch ?? 50;
  const viewers: ClockViewer[] = [];
  for (let i = 0; i < count; i += batch) {
    const opened = Array.from({ length: Math.min(batch, count - i) }, (_, j) =>
      openViewer(url, clocks[(i + j) % clocks.length]!, options),
    );
    viewers.push(...opened);
    await waitUntil(
      () => opened.every((v) => v.joins > 0),
      30_000,
      () => describeViewers(opened),
    );
  }
  return viewers;
}

export function closeViewers(viewers: ClockViewer[]): void {
  for (const viewer of viewers) viewer.socket.disconnect();
}

/** Ticks each viewer received after `since`. */
export function ticksSince(viewer: ClockViewer, since: number): number {
  let n = 0;
  for (let i = viewer.tickTimes.length - 1; i >= 0 && viewer.tickTimes[i]! > since; i--) n++;
  return n;
}

/** The longest time between two ticks (or between `from` and the first tick) within [from, to]. */
export function longestGap(viewer: ClockViewer, from: number, to: number): number {
  let previous = from;
  let longest = 0;
  for (const at of viewer.tickTimes) {
    if (at <= from) continue;
    if (at > to) break;
    longest = Math.max(longest, at - previous);
    previous = at;
  }
  return Math.max(longest, to - previous);
}

export function describeViewers(viewers: ClockViewer[]): string {
  const connected = viewers.filter((v) => v.socket.connected).length;
  const joined = viewers.filter((v) => v.joins > 0).length;
  const errors = [...new Set(viewers.flatMap((v) => v.joinErrors))].slice(0, 5);
  return `${viewers.length} viewers: ${connected} connected, ${joined} joined${errors.length ? `; join errors: ${errors.join('; ')}` : ''}`;
}

export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms. ${describe()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
