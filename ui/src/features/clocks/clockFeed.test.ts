import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import type { JoinClockReply } from '../../../../common/realtime/protocol.ts';
import { tickFrameAt, type TickFrame } from '../../../../common/realtime/tick.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { ApiError } from '../../shared/api.ts';
import {
  ClockFeed,
  FIRST_CONTACT_TIMEOUT_MS,
  JOIN_RETRY_MS,
  POLL_INTERVAL_MS,
  RECONNECT_GRACE_MS,
  toFeedError,
  type ClockApiResponse,
  type ClockFeedDeps,
  type ClockSocket,
} from './clockFeed.ts';
import type { FeedError } from './feedState.ts';

type Handler = (...args: never[]) => void;

/** Just enough of a Socket.IO client socket to drive the feed: the test plays the server. */
class FakeSocket {
  connected = false;
  connectCalls = 0;
  joins: ((error: Error | null, reply: JoinClockReply) => void)[] = [];
  private handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  timeout() {
    return {
      emit: (
        _event: 'clock:join',
        _clock: string,
        ack: (error: Error | null, reply: JoinClockReply) => void,
      ) => this.joins.push(ack),
    };
  }
  connect() {
    this.connectCalls++;
  }
  disconnect() {
    this.connected = false;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }
  answerJoin(reply: JoinClockReply) {
    this.joins.shift()!(null, reply);
  }
}

const definition: ClockDefinition = CSEW_CLOCK_DEFINITION;

function apiAnswer(def = definition): ClockApiResponse {
  const serverTime = Date.now();
  return {
    definition: def,
    serverTime,
    tick: tickFrameAt(def, serverTime - (serverTime % 1000)),
  } as ClockApiResponse;
}

let socket: FakeSocket;
let loadClock: ReturnType<typeof vi.fn<ClockFeedDeps['loadClock']>>;
let loadErrors: FeedError[];
let feed: ClockFeed;

function startFeed(overrides: Partial<ClockFeedDeps> = {}) {
  feed = new ClockFeed('csew', {
    resolveRealtimeUrl: async () => 'http://realtime.test',
    loadClock,
    openSocket: () => socket as unknown as ClockSocket,
    onLoadError: (error) => loadErrors.push(error),
    random: () => 0,
    ...overrides,
  });
  feed.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  loadClock = vi.fn<ClockFeedDeps['loadClock']>(async () => apiAnswer());
  loadErrors = [];
});

afterEach(() => {
  feed.stop();
  vi.useRealTimers();
});

describe('ClockFeed', () => {
  it('goes live from the join reply without asking the API', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() + 60_000 });
    expect(feed.getSnapshot()).toMatchObject({ status: 'live', definition });
    // The server's clock is a minute ahead of this browser's: the feed counts on the server's.
    expect(feed.serverNow() - Date.now()).toBe(60_000);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(loadClock).not.toHaveBeenCalled();
  });

  it('falls back to the API at once when the socket cannot connect, then polls every 5 minutes', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.fire('connect_error', new Error('refused'));
    await vi.advanceTimersByTimeAsync(0);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(feed.getSnapshot()).toMatchObject({ status: 'polling', definition });
    // The API's answer carries the server's counts too.
    expect(feed.latestSample()).toMatchObject({ via: 'api', tick: { c: 'csew' } });

    // Socket.IO keeps retrying; its errors do not add polls.
    socket.fire('connect_error', new Error('refused'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(loadClock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadClock).toHaveBeenCalledTimes(2);

    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    expect(feed.getSnapshot().status).toBe('live');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(loadClock).toHaveBeenCalledTimes(2);
  });

  it('asks the API when the socket stays silent on a first visit', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(FIRST_CONTACT_TIMEOUT_MS - 1);
    expect(loadClock).not.toHaveBeenCalled();
    // The timeout starts the poll loop, whose first poll is due at once.
    await vi.advanceTimersByTimeAsync(2);
    expect(loadClock).toHaveBeenCalledTimes(1);
  });

  it('reports a load failure once while there is nothing to show', async () => {
    loadClock.mockRejectedValue(
      new ApiError(503, 'Service Unavailable', JSON.stringify({ error: 'No data', code: 'NO_POLICE_DATA' })),
    );
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.fire('connect_error', new Error('refused'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(loadClock).toHaveBeenCalledTimes(3);
    expect(loadErrors).toEqual([{ message: 'No data', code: 'NO_POLICE_DATA' }]);
    expect(feed.getSnapshot().error).toEqual({ message: 'No data', code: 'NO_POLICE_DATA' });
  });

  it('asks a refusing room again, and reads the reason from the API', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: false, error: 'This clock has no data yet.' });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(socket.joins).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(JOIN_RETRY_MS);
    expect(socket.joins).toHaveLength(1);
  });

  it('keeps counting through a dropped connection and polls only after a grace period', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    expect(feed.getSnapshot()).toMatchObject({ status: 'reconnecting', definition });
    await vi.advanceTimersByTimeAsync(RECONNECT_GRACE_MS - 1);
    expect(loadClock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(feed.getSnapshot().status).toBe('polling');
  });

  it('reconnects by itself after the server closed the connection (a restart)', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(socket.connectCalls).toBe(1);
    socket.serverConnects();
    expect(socket.joins).toHaveLength(1);
  });

  it('joins again when ticks come from a definition it does not have', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    const tick = (v: string): TickFrame => ['c', v.slice(-8), Math.floor(Date.now() / 1000), 1, 0];
    socket.fire('t', tick(definition.version));
    expect(socket.joins).toHaveLength(0);
    socket.fire('t', tick('csew-0000newer'));
    socket.fire('t', tick('csew-0000newer'));
    expect(socket.joins).toHaveLength(1);
    const newer = { ...definition, version: 'csew-0000newer' };
    socket.answerJoin({ ok: true, definition: newer, serverTime: Date.now() });
    expect(feed.getSnapshot().definition).toBe(newer);
  });

  it("keeps the server's latest tick, and marks each join as a resync", async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    const second = Date.now() - (Date.now() % 1000);
    socket.fire('t', tickFrameAt(definition, second));
    const first = feed.latestSample()!;
    expect(first).toMatchObject({ via: 'socket', tick: { t: second, c: 'csew' } });
    socket.fire('t', tickFrameAt(definition, second + 1000));
    expect(feed.latestSample()!.resync).toBe(first.resync);
    socket.fire('t', ['x', 'bad']);
    socket.fire('t', tickFrameAt({ ...definition, clock: 'police' }, second + 2000));
    expect(feed.latestSample()!.tick.t).toBe(second + 1000);
    // A reconnection joins again: its first tick is shown as it is.
    socket.fire('disconnect', 'transport close');
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.fire('t', tickFrameAt(definition, second + 3000));
    expect(feed.latestSample()!.resync).toBe(first.resync + 1);
  });

  it('takes a pushed definition for its own clock only', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.fire('clock:definition', { ...definition, clock: 'police', version: 'police-x' });
    expect(feed.getSnapshot().definition).toBe(definition);
    const pushed = { ...definition, version: 'csew-pushed' };
    socket.fire('clock:definition', pushed);
    expect(feed.getSnapshot().definition).toBe(pushed);
  });

  it('stops everything when the page goes', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    feed.stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(loadClock).not.toHaveBeenCalled();
  });
});

describe('toFeedError', () => {
  it('reads the message and code of an API error body', () => {
    const error = new ApiError(503, 'Service Unavailable', '{"success":false,"error":"Nope","code":"X"}');
    expect(toFeedError(error)).toEqual({ message: 'Nope', code: 'X' });
  });

  it('falls back to the status line, or the thrown message', () => {
    expect(toFeedError(new ApiError(502, 'Bad Gateway', ''))).toEqual({ message: '502: Bad Gateway' });
    expect(toFeedError(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to fetch' });
  });
});
