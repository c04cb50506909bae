/**
 * Keeps a page's clock definition and the server's latest counts current, and its idea of the
 * server's time accurate, for weeks, whatever the network does.
 *
 * The realtime server is the way in: join the clock's room, get the definition in the reply, then
 * a tick every second (the server's counts, their steps to the next second, the server's time)
 * and the new definition whenever the data changes. When the socket cannot connect, the API
 * answers with the same definition and tick, re-read every five minutes; meanwhile the socket
 * keeps trying, with back-off, forever. Losing the connection never stops the count: the page
 * runs on from the last tick at its rate until the next one comes.
 *
 * While the page has nothing to show (the API and the socket both failed so far), it asks again
 * within seconds, backing off from 2 s to 30 s, so a screen that loaded during an outage counts
 * soon after the server is back. Only an answer that says the area itself cannot be shown (an
 * unknown area, no data there) is final: the page says why and stops asking.
 */
import { atom, type createStore } from 'jotai/vanilla';
import { io, type Socket } from 'socket.io-client';
import { backOffDelay, type BackOff } from '../../../../common/retry/back-off.ts';
import type { ClockApiResponse, ClockKind } from '../../../../common/clock/types.ts';
import {
  REALTIME_PATH,
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../../../common/realtime/protocol.ts';
import { readTick, tickVersion, type ClockTick } from '../../../../common/realtime/tick.ts';
import { clockAreaId, parseClockAreaId } from '../../../../common/clock/area.ts';
import { GetAreaClock, GetCsewClock, GetPoliceClock } from '../../../../common/contracts/clocks.ts';
import { GetClientConfig } from '../../../../common/contracts/health.ts';
import { MalformedAnswer } from '../../../../common/contracts/checked-answer.ts';
import { DefinitionEvent, JoinClockReply as JoinReply } from '../../../../common/contracts/realtime.ts';
import { matchesSchema } from '../../../../common/contracts/schema-check.ts';
import { ApiError, call, describeApiFailure } from '../../shared/api.ts';
import { failureMessage, type FailurePart } from '../../shared/failureMessage.ts';
import {
  feedReducer,
  initialFeedState,
  type FeedError,
  type FeedEvent,
  type FeedState,
} from './feedState.ts';
import { realtimeUrl } from './realtimeUrl.ts';
import { addOffsetSample, serverClockAtoms } from './serverClock.ts';

/** A clock's poll of the API without a socket: five minutes, as between polls it counts on by itself. */
export const POLL_INTERVAL_MS = 300_000;
/** How long a first visit waits for the socket before asking the API instead. */
export const FIRST_CONTACT_TIMEOUT_MS = 4_000;
/** The count runs on without the socket; give a dropped socket this long before polling. */
export const RECONNECT_GRACE_MS = 15_000;
export const JOIN_TIMEOUT_MS = 5_000;
/** A refused join (no police data imported yet) is asked again this often. */
export const JOIN_RETRY_MS = 15_000;
/** A tick from a newer definition asks for it at most this often. */
export const REJOIN_MIN_INTERVAL_MS = 10_000;
/** While the page has nothing to show, a failed load or address read is tried again after 2 s… */
export const EMPTY_RETRY_MIN_MS = 2_000;
/** …doubling at every failure up to 30 s. */
export const EMPTY_RETRY_MAX_MS = 30_000;
/** Socket.IO's own reconnection back-off. */
export const RECONNECTION_DELAY_MS = 1_000;
export const RECONNECTION_DELAY_MAX_MS = 10_000;
/**
 * After the server closed the connection (a restart, or a node shedding sockets), which Socket.IO
 * does not retry by itself: 2.5 to 5 s, so the screens of a restarted node do not all return in
 * the same second, doubling while the server keeps closing before a join succeeds.
 */
const SERVER_CLOSE_BACK_OFF: BackOff = { baseMs: 5_000, maxMs: 30_000 };

export type ClockSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The jotai store a feed writes into: the app's (React) or one of its own (the embed). */
export type JotaiStore = ReturnType<typeof createStore>;

type TimerName = 'firstContact' | 'poll' | 'join' | 'reconnect' | 'address';

export type { ClockApiResponse };

/** The latest counts the server sent, and how the page should meet them. */
export interface TickSample {
  readonly tick: ClockTick;
  /** 'api' samples are minutes apart and are met smoothly; socket ticks are followed. */
  readonly via: 'socket' | 'api';
  /** Bumped at every resync (a join, a poll answer): the page shows the server's count at once. */
  readonly resync: number;
}

export interface ClockFeedDeps {
  resolveRealtimeUrl(): Promise<string>;
  /** The clock from the API; with an area id (common/clock/area.ts), that area's police clock. */
  loadClock(kind: ClockKind, area?: string): Promise<ClockApiResponse>;
  openSocket(url: string): ClockSocket;
  /** Called once per run of failures while the page has nothing to show. */
  onLoadError(error: FeedError): void;
  clientNow?: () => number;
  /** Spreads reconnections after a server restart so thousands of screens do not return at once. */
  random?: () => number;
}

/**
 * The wait before trying again after `failures` failures in a row (1 or more): 2 s doubling to
 * 30 s, spread (jitter) over its upper half so that screens that failed together do not all
 * return at the same moment.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  return backOffDelay(failures, { baseMs: EMPTY_RETRY_MIN_MS, maxMs: EMPTY_RETRY_MAX_MS }, random);
}

/** An answer that settles it: this area's clock cannot be shown, asking again will not change that. */
export class AreaClockUnavailable extends Error {
  override readonly name = 'AreaClockUnavailable';

  constructor(
    message: string,
    readonly parts: readonly FailurePart[],
    readonly code?: string,
  ) {
    super(message);
  }
}

export function toFeedError(error: unknown): FeedError {
  if (error instanceof AreaClockUnavailable) {
    return {
      message: error.message,
      parts: error.parts,
      final: true,
      ...(error.code ? { code: error.code } : {}),
    };
  }
  const message = describeApiFailure(error);
  const code = error instanceof ApiError ? error.code : undefined;
  return { message, parts: failureMessage(error), ...(code ? { code } : {}) };
}

/**
 * Whether the API's refusal of an area's clock is about the area itself (unknown postcode, force
 * or neighbourhood; no data there; a malformed request): then it will not change by asking again.
 * A store without any data yet (NO_DATA), a timeout or a rate limit will.
 */
export function isFinalAreaRefusal(error: ApiError): boolean {
  // Only answers about the request itself: a 401/403 from a proxy, a 408 or a 429 may pass.
  if (!FINAL_STATUSES.has(error.status)) return false;
  return error.code !== 'NO_DATA';
}

const FINAL_STATUSES = new Set([400, 404, 410, 422]);

/**
 * The connection to the server (I/O, not state): what it learns goes into atoms of the store it is
 * given, and the page reads them from there (useAtomValue, or store.get/store.sub outside React).
 */
export class ClockFeed {
  /** Connection status, definition and why there is nothing to show. */
  readonly stateAtom = atom<FeedState>(initialFeedState);
  /** The latest tick; read every animation frame, so nothing renders from it directly. */
  readonly sampleAtom = atom<TickSample | null>(null);
  /** The server's time as this browser estimates it. */
  readonly serverClock = serverClockAtoms();
  private readonly random: () => number;
  private readonly clientNow: () => number;

  private running = false;
  private socket: ClockSocket | null = null;
  private connecting = false;
  private joinSeq = 0;
  private lastRejoinAt = -Infinity;
  private failureReported = false;
  /** Failed loads in a row, and failed reads of the realtime address in a row: they set the back-off. */
  private loadFailures = 0;
  private addressFailures = 0;
  /** Connections the server closed in a row, none joined since: they set the wait before the next. */
  private serverCloses = 0;
  private pollInFlight = false;
  private resyncs = 0;
  private resyncPending = true;
  private readonly timers = new Map<TimerName, ReturnType<typeof setTimeout>>();

  constructor(
    readonly kind: ClockKind,
    private readonly deps: ClockFeedDeps,
    private readonly store: JotaiStore,
    /** An area's police clock instead of the national one (its own room on the server). */
    readonly area?: string,
  ) {
    this.random = deps.random ?? Math.random;
    this.clientNow = deps.clientNow ?? Date.now;
  }

  private get state(): FeedState {
    return this.store.get(this.stateAtom);
  }

  /** The server's time now, as well as this browser can tell. */
  readonly serverNow = (): number => this.clientNow() + this.store.get(this.serverClock.offset);

  /** A server time stamp that has just arrived. */
  private noteServerTime(serverTimeMs: number): void {
    const { samples } = this.serverClock;
    this.store.set(samples, addOffsetSample(this.store.get(samples), serverTimeMs, this.clientNow()));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.setTimer('firstContact', FIRST_CONTACT_TIMEOUT_MS, () => {
      if (this.state.definition === null) this.ensurePolling(0);
    });
    void this.openSocket();
  }

  stop(): void {
    this.running = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
  }

  private dispatch(event: FeedEvent): void {
    this.store.set(this.stateAtom, feedReducer(this.state, event));
  }

  private setTimer(name: TimerName, delayMs: number, run: () => void) {
    clearTimeout(this.timers.get(name));
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        if (this.running) run();
      }, delayMs),
    );
  }

  private clearTimer(name: TimerName) {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  private async openSocket(): Promise<void> {
    if (this.socket || this.connecting) return;
    this.connecting = true;
    let url: string;
    try {
      url = await this.deps.resolveRealtimeUrl();
      this.addressFailures = 0;
    } catch {
      this.connecting = false;
      if (!this.running) return;
      // Without the address there is no socket: the API carries the page meanwhile, and the
      // address is asked for again soon, with back-off, whether or not the page shows a clock.
      this.addressFailures++;
      this.setTimer('address', retryDelayMs(this.addressFailures, this.random), () => void this.openSocket());
      this.ensurePolling(this.state.definition ? RECONNECT_GRACE_MS : 0);
      return;
    }
    this.connecting = false;
    if (!this.running || this.socket) return;

    const socket = this.deps.openSocket(url);
    this.socket = socket;
    socket.on('connect', () => this.join());
    socket.on('connect_error', () => this.ensurePolling(this.state.definition ? RECONNECT_GRACE_MS : 0));
    socket.on('disconnect', (reason) => {
      this.dispatch({ type: 'socketLost' });
      this.ensurePolling(RECONNECT_GRACE_MS);
      // Socket.IO reconnects by itself except when the server closed the connection (a restart).
      if (reason === 'io server disconnect') {
        this.serverCloses++;
        const delay = backOffDelay(this.serverCloses, SERVER_CLOSE_BACK_OFF, this.random);
        this.setTimer('reconnect', delay, () => socket.connect());
      }
    });
    socket.on(TICK_EVENT, (frame) => this.onTick(frame, 'socket'));
    socket.on('clock:definition', (definition) => {
      // A payload off its contract is not used: the ticks' version asks for the definition again.
      if (!matchesSchema(DefinitionEvent, definition)) return this.malformed('clock:definition');
      if (definition.clock === this.kind) this.dispatch({ type: 'definition', definition, via: 'socket' });
    });
  }

  private onTick(frame: unknown, via: 'socket' | 'api'): void {
    const tick = readTick(frame);
    if (!tick || tick.c !== this.kind) return;
    // The tick leaves the server at its second: it is the server's time signal as well.
    if (via === 'socket') this.noteServerTime(tick.t);
    if (this.resyncPending) {
      this.resyncPending = false;
      this.resyncs++;
    }
    this.store.set(this.sampleAtom, { tick, via, resync: this.resyncs });
    const current = this.state.definition;
    const now = this.serverNow();
    // The definition push may have been lost; the join reply carries the current one.
    if (
      via === 'socket' &&
      current &&
      tick.v !== tickVersion(current.version) &&
      now - this.lastRejoinAt >= REJOIN_MIN_INTERVAL_MS
    ) {
      this.lastRejoinAt = now;
      this.join();
    }
  }

  private join(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const seq = ++this.joinSeq;
    const onReply = (error: Error | null, reply: JoinClockReply) => {
      if (!this.running || socket !== this.socket || seq !== this.joinSeq) return;
      const readable = error !== null || matchesSchema(JoinReply, reply);
      if (!readable) this.malformed('join reply');
      if (error || !readable || !reply.ok) {
        // No answer, one off its contract, or no data for this clock yet: ask the API (it says
        // why) and the room again later.
        this.ensurePolling(this.state.definition ? RECONNECT_GRACE_MS : 0);
        this.setTimer('join', JOIN_RETRY_MS, () => this.join());
        return;
      }
      this.noteServerTime(reply.serverTime);
      this.loadFailures = 0;
      this.serverCloses = 0;
      this.clearTimer('join');
      this.clearTimer('poll');
      this.failureReported = false;
      this.dispatch({ type: 'definition', definition: reply.definition, via: 'socket' });
      // The reply carries the current tick: its counts are shown as they are, with the definition.
      this.resyncPending = true;
      if (reply.tick) this.onTick(reply.tick, 'socket');
    };
    const timed = socket.timeout(JOIN_TIMEOUT_MS);
    if (this.area !== undefined) timed.emit('area:join', this.area, onReply);
    else timed.emit('clock:join', this.kind, onReply);
  }

  /**
   * A payload from the realtime server that is not what common/contracts/realtime.ts says: an
   * answer the page could not read, as an API answer off its contract is (MalformedAnswer), shown
   * only while the page has nothing else to show.
   */
  private malformed(what: string): void {
    const error = new MalformedAnswer(`malformed ${what} from the realtime server`);
    this.dispatch({ type: 'loadFailed', error: toFeedError(error) });
  }

  /** Starts the poll loop unless it runs already or the socket is live. */
  private ensurePolling(firstDelayMs: number): void {
    if (this.timers.has('poll') || this.pollInFlight || this.state.status === 'live') return;
    this.setTimer('poll', firstDelayMs, () => void this.pollAndContinue());
  }

  private async pollAndContinue(): Promise<void> {
    this.pollInFlight = true;
    try {
      await this.poll();
    } finally {
      this.pollInFlight = false;
    }
    if (!this.running || this.state.status === 'live') return;
    // The address has its own retry while it is due; otherwise every poll tries the socket again.
    if (!this.timers.has('address')) void this.openSocket();
    // A page with a clock re-reads it every few minutes; an empty page asks again within seconds.
    this.ensurePolling(
      this.state.definition ? POLL_INTERVAL_MS : retryDelayMs(this.loadFailures, this.random),
    );
  }

  private async poll(): Promise<void> {
    try {
      const data = await this.deps.loadClock(this.kind, this.area);
      if (!this.running) return;
      this.noteServerTime(data.serverTime);
      this.failureReported = false;
      this.loadFailures = 0;
      this.dispatch({ type: 'definition', definition: data.definition, via: 'api' });
      // A live socket's ticks are fresher than this answer.
      if (this.state.status !== 'live') this.onTick(data.tick, 'api');
    } catch (error) {
      if (!this.running) return;
      this.loadFailures++;
      const feedError = toFeedError(error);
      // Nothing to show, and the answer will not change: say why and stop asking.
      if (feedError.final && this.state.definition === null) this.stop();
      this.dispatch({ type: 'loadFailed', error: feedError });
      if (this.state.definition === null && !this.failureReported) {
        this.failureReported = true;
        this.deps.onLoadError(feedError);
      }
    }
  }
}

export const UNKNOWN_AREA_MESSAGE = 'This link names no area the clock knows.';

/**
 * An area's clock as the realtime server reads it too: GET /api/area-clock, the area search's own
 * clock (radius 1 mile) without a page of crimes. An area with no data there is a 404
 * NO_AREA_DATA, final; an empty store a 404 NO_DATA, asked again.
 */
export async function loadAreaClock(areaId: string): Promise<ClockApiResponse> {
  const area = parseClockAreaId(areaId);
  if (!area) throw new AreaClockUnavailable(UNKNOWN_AREA_MESSAGE, [{ id: 'errors.code.INVALID_AREA' }]);
  try {
    return await call(GetAreaClock, { query: { area: clockAreaId(area) } });
  } catch (error) {
    if (error instanceof ApiError && isFinalAreaRefusal(error)) {
      throw new AreaClockUnavailable(describeApiFailure(error), failureMessage(error), error.code);
    }
    throw error;
  }
}

const CLOCK_ENDPOINTS = { csew: GetCsewClock, police: GetPoliceClock } as const;

/** The feed as the browser runs it: the product's API and realtime server. */
export function browserFeedDeps(onLoadError: (error: FeedError) => void): ClockFeedDeps {
  return {
    async resolveRealtimeUrl() {
      // Not through TanStack Query: the embed runs this feed without React or the app's query cache.
      return realtimeUrl(await call(GetClientConfig), window.location, import.meta.env.DEV);
    },
    loadClock: (kind, area) => (area === undefined ? call(CLOCK_ENDPOINTS[kind]) : loadAreaClock(area)),
    openSocket: (url) =>
      io(url, {
        path: REALTIME_PATH,
        // Several realtime nodes share no session state; only the websocket transport needs none.
        transports: ['websocket'],
        forceNew: true,
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: RECONNECTION_DELAY_MS,
        reconnectionDelayMax: RECONNECTION_DELAY_MAX_MS,
        randomizationFactor: 0.5,
      }),
    onLoadError,
  };
}
