import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toClockData } from '../../../../common/clock/clock-data.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import type { JoinClockReply } from '../../../../common/realtime/protocol.ts';
import { tickFrameAt, type TickFrame } from '../../../../common/realtime/tick.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { ApiError } from '../../shared/api.ts';
import {
  AreaClockUnavailable,
  ClockFeed,
  EMPTY_RETRY_MAX_MS,
  FIRST_CONTACT_TIMEOUT_MS,
  JOIN_RETRY_MS,
  POLL_INTERVAL_MS,
  RECONNECT_GRACE_MS,
  UNKNOWN_AREA_MESSAGE,
  loadAreaClock,
  retryDelayMs,
  toFeedError,
  type ClockApiResponse,
  type ClockFeedDeps,
  type ClockSocket,
  type JotaiStore,
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
        _event: 'clock:join' | 'area:join',
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
let store: JotaiStore;

function startFeed(overrides: Partial<ClockFeedDeps> = {}, area?: string) {
  feed = new ClockFeed(
    area === undefined ? 'csew' : 'police',
    {
      resolveRealtimeUrl: async () => 'http://realtime.test',
      loadClock,
      openSocket: () => socket as unknown as ClockSocket,
      onLoadError: (error) => loadErrors.push(error),
      random: () => 0,
      ...overrides,
    },
    store,
    area,
  );
  feed.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  loadClock = vi.fn<ClockFeedDeps['loadClock']>(async () => apiAnswer());
  loadErrors = [];
  store = createStore();
});

afterEach(() => {
  feed.stop();
  vi.useRealTimers();
});

describe('ClockFeed', () => {
  it('writes what it learns into atoms of its store: subscribers hear each change, and only changes', async () => {
    startFeed();
    const seen: string[] = [];
    store.sub(feed.stateAtom, () => seen.push(store.get(feed.stateAtom).status));
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    // The same definition pushed again changes nothing the page shows.
    socket.fire('clock:definition', definition);
    expect(seen).toEqual(['live']);
    expect(createStore().get(feed.stateAtom).status).toBe('connecting');
  });

  it('goes live from the join reply without asking the API', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() + 60_000 });
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'live', definition });
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
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'polling', definition });
    // The API's answer carries the server's counts too.
    expect(store.get(feed.sampleAtom)).toMatchObject({ via: 'api', tick: { c: 'csew' } });

    // Socket.IO keeps retrying; its errors do not add polls.
    socket.fire('connect_error', new Error('refused'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(loadClock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadClock).toHaveBeenCalledTimes(2);

    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    expect(store.get(feed.stateAtom).status).toBe('live');
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
      new ApiError(
        503,
        'Service Unavailable',
        JSON.stringify({ success: false, error: 'No data', code: 'NO_POLICE_DATA' }),
      ),
    );
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.fire('connect_error', new Error('refused'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    // It asks again every few seconds (at most every 30 s) until there is data…
    expect(loadClock.mock.calls.length).toBeGreaterThanOrEqual((POLL_INTERVAL_MS * 2) / EMPTY_RETRY_MAX_MS);
    // …but says so once.
    const noData = {
      message: 'No data',
      parts: [{ id: 'errors.code.NO_POLICE_DATA' }],
      code: 'NO_POLICE_DATA',
    };
    expect(loadErrors).toEqual([noData]);
    expect(store.get(feed.stateAtom).error).toEqual(noData);
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
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'reconnecting', definition });
    await vi.advanceTimersByTimeAsync(RECONNECT_GRACE_MS - 1);
    expect(loadClock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(store.get(feed.stateAtom).status).toBe('polling');
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

  it('waits longer each time the server closes before a join succeeds, and from the start after one', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    const serverCloses = () => {
      socket.connected = false;
      socket.fire('disconnect', 'io server disconnect');
    };
    /** How long after the close the feed tries again (random is 0: the lower half of each step). */
    const waitBeforeConnect = async () => {
      const before = socket.connectCalls;
      let waited = 0;
      while (socket.connectCalls === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      return waited;
    };
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    serverCloses();
    expect(await waitBeforeConnect()).toBe(2_500);
    // Accepted, then closed again before the join is answered: the next wait doubles.
    socket.serverConnects();
    serverCloses();
    socket.joins.length = 0; // that join is never answered
    expect(await waitBeforeConnect()).toBe(5_000);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    serverCloses();
    expect(await waitBeforeConnect()).toBe(2_500);
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
    expect(store.get(feed.stateAtom).definition).toBe(newer);
  });

  it("keeps the server's latest tick, and marks each join as a resync", async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    const second = Date.now() - (Date.now() % 1000);
    socket.fire('t', tickFrameAt(definition, second));
    const first = store.get(feed.sampleAtom)!;
    expect(first).toMatchObject({ via: 'socket', tick: { t: second, c: 'csew' } });
    socket.fire('t', tickFrameAt(definition, second + 1000));
    expect(store.get(feed.sampleAtom)!.resync).toBe(first.resync);
    socket.fire('t', ['x', 'bad']);
    socket.fire('t', tickFrameAt({ ...definition, clock: 'police' }, second + 2000));
    expect(store.get(feed.sampleAtom)!.tick.t).toBe(second + 1000);
    // A reconnection joins again: its first tick is shown as it is.
    socket.fire('disconnect', 'transport close');
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.fire('t', tickFrameAt(definition, second + 3000));
    expect(store.get(feed.sampleAtom)!.resync).toBe(first.resync + 1);
  });

  it('takes a pushed definition for its own clock only', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    socket.fire('clock:definition', { ...definition, clock: 'police', version: 'police-x' });
    expect(store.get(feed.stateAtom).definition).toBe(definition);
    const pushed = { ...definition, version: 'csew-pushed' };
    socket.fire('clock:definition', pushed);
    expect(store.get(feed.stateAtom).definition).toBe(pushed);
  });

  it('does not use a pushed definition off its contract', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    const { categories: _dropped, ...withoutCategories } = { ...definition, version: 'csew-broken' };
    socket.fire('clock:definition', withoutCategories);
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'live', definition, error: null });
  });

  it('takes a join reply off its contract as an unreadable answer: says so, asks the API and the room again', async () => {
    loadClock.mockRejectedValue(new TypeError('Failed to fetch'));
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    const reply = { ok: true, definition: { ...definition, categories: 'none' }, serverTime: Date.now() };
    socket.answerJoin(reply as unknown as JoinClockReply);
    expect(store.get(feed.stateAtom)).toMatchObject({
      status: 'connecting',
      definition: null,
      error: { message: 'The server sent an answer the page could not read.' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadClock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(JOIN_RETRY_MS);
    expect(socket.joins).toHaveLength(1);
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'live', definition, error: null });
  });

  it('stops everything when the page goes', async () => {
    startFeed();
    await vi.advanceTimersByTimeAsync(0);
    feed.stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(loadClock).not.toHaveBeenCalled();
  });
});

describe('ClockFeed with nothing to show', () => {
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('asks again within seconds, backing off, and counts as soon as the API is back', async () => {
    // The API is unreachable for the first three tries (the address of the realtime server too).
    let down = 3;
    loadClock.mockImplementation(async () => {
      if (down-- > 0) throw new TypeError('Failed to fetch');
      return apiAnswer();
    });
    startFeed({ resolveRealtimeUrl: offline });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(store.get(feed.stateAtom)).toMatchObject({
      status: 'connecting',
      definition: null,
      error: { message: 'The connection to the server failed.' },
    });
    // random() = 0: the lower end of 2 s, 4 s, 8 s.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(loadClock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loadClock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(loadClock).toHaveBeenCalledTimes(4);
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'polling', definition, error: null });
    expect(loadErrors).toHaveLength(1);

    // Once the clock is shown, the slow refresh is enough.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(loadClock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadClock).toHaveBeenCalledTimes(5);
  });

  it('never waits longer than 30 s between tries', async () => {
    loadClock.mockImplementation(offline);
    startFeed({ resolveRealtimeUrl: offline, random: () => 0.999_999 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const calls = loadClock.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(20);
    await vi.advanceTimersByTimeAsync(EMPTY_RETRY_MAX_MS);
    expect(loadClock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('keeps trying to reach the realtime server after the API answered', async () => {
    let addressDown = 2;
    const resolveRealtimeUrl = vi.fn(async () => {
      if (addressDown-- > 0) throw new TypeError('Failed to fetch');
      return 'http://realtime.test';
    });
    const openSocket = vi.fn(() => socket as unknown as ClockSocket);
    startFeed({ resolveRealtimeUrl, openSocket });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(feed.stateAtom)).toMatchObject({ status: 'polling', definition });
    expect(openSocket).not.toHaveBeenCalled();
    // Asked again after 1 s and 2 s more (random() = 0), not at the next five-minute poll.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(resolveRealtimeUrl).toHaveBeenCalledTimes(3);
    expect(openSocket).toHaveBeenCalledTimes(1);
    socket.serverConnects();
    socket.answerJoin({ ok: true, definition, serverTime: Date.now() });
    expect(store.get(feed.stateAtom).status).toBe('live');
  });

  it('stops asking, and says why, when the area itself cannot be shown', async () => {
    loadClock.mockRejectedValue(
      new AreaClockUnavailable(UNKNOWN_AREA_MESSAGE, [{ id: 'errors.code.INVALID_AREA' }]),
    );
    startFeed({}, 'force:nowhere');
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnects();
    socket.answerJoin({ ok: false, error: 'Unknown area; use postcode:…, force:… or neighbourhood:…:….' });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(loadClock).toHaveBeenCalledWith('police', 'force:nowhere');
    expect(store.get(feed.stateAtom)).toEqual({
      status: 'unavailable',
      definition: null,
      error: { message: UNKNOWN_AREA_MESSAGE, parts: [{ id: 'errors.code.INVALID_AREA' }], final: true },
    });
    expect(socket.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(loadClock).toHaveBeenCalledTimes(1);
    expect(socket.joins).toHaveLength(0);
    expect(loadErrors).toHaveLength(1);
  });
});

describe('retryDelayMs', () => {
  it('starts at 2 s and doubles up to 30 s, spread over the upper half', () => {
    const top = () => 0.999_999;
    expect([1, 2, 3, 4, 5, 6, 50].map((n) => retryDelayMs(n, top))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
    expect(retryDelayMs(1, () => 0.5)).toBe(1_500);
  });
});

describe('toFeedError', () => {
  it('reads the message and code of an API error body', () => {
    const error = new ApiError(503, 'Service Unavailable', '{"success":false,"error":"Nope","code":"X"}');
    expect(toFeedError(error)).toEqual({
      message: 'Nope',
      parts: [{ id: 'errors.serverFailed', values: { status: 503 } }],
      code: 'X',
    });
  });

  it('says in plain words what failed, never an HTML page or "Failed to fetch"', () => {
    expect(toFeedError(new ApiError(500, 'Internal Server Error', '<html>oops</html>'))).toEqual({
      message: 'The server did not answer (error 500).',
      parts: [{ id: 'errors.serverFailed', values: { status: 500 } }],
    });
    expect(toFeedError(new ApiError(502, 'Bad Gateway', ''))).toEqual({
      message: 'The server did not answer (error 502).',
      parts: [{ id: 'errors.serverFailed', values: { status: 502 } }],
    });
    expect(toFeedError(new TypeError('Failed to fetch'))).toEqual({
      message: 'The connection to the server failed.',
      parts: [{ id: 'errors.network' }],
    });
  });

  it("words a public refusal by its code, for the page's language", () => {
    const error = new ApiError(404, 'Not Found', '{"success":false,"error":"No data","code":"NO_AREA_DATA"}');
    expect(toFeedError(error).parts).toEqual([{ id: 'errors.code.NO_AREA_DATA' }]);
  });

  it('marks an area that cannot be shown as final', () => {
    const parts = [{ id: 'errors.code.POSTCODE_NOT_FOUND' as const }];
    expect(toFeedError(new AreaClockUnavailable('Postcode not found', parts, 'POSTCODE_NOT_FOUND'))).toEqual({
      message: 'Postcode not found',
      parts,
      code: 'POSTCODE_NOT_FOUND',
      final: true,
    });
  });
});

describe('loadAreaClock', () => {
  const respondWith = (response: Response) => {
    const fetchSpy = vi.fn<typeof fetch>(async () => response);
    vi.stubGlobal('fetch', fetchSpy);
    return fetchSpy;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives up on a link that names no area, without asking', async () => {
    const fetchSpy = respondWith(Response.json({}));
    const failure = loadAreaClock('force:nowhere');
    await expect(failure).rejects.toBeInstanceOf(AreaClockUnavailable);
    await expect(failure).rejects.toThrow(UNKNOWN_AREA_MESSAGE);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads the area clock endpoint, the one the realtime server reads, for the area named', async () => {
    const serverTime = Date.now();
    const answer = { ...toClockData(definition, serverTime), ...apiAnswer(), serverTime };
    const fetchSpy = respondWith(Response.json(answer));
    await expect(loadAreaClock('postcode:sw1a 1aa')).resolves.toEqual(answer);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/area-clock?area=postcode%3ASW1A1AA');
    expect(init?.method).toBe('GET');
  });

  it("gives up when the API refuses the area, in the API's words", async () => {
    respondWith(
      Response.json(
        { success: false, error: 'Postcode not found', code: 'POSTCODE_NOT_FOUND' },
        { status: 404 },
      ),
    );
    const failure = loadAreaClock('postcode:ZZ99 9ZZ');
    await expect(failure).rejects.toBeInstanceOf(AreaClockUnavailable);
    await expect(failure).rejects.toMatchObject({
      message: 'Postcode not found',
      code: 'POSTCODE_NOT_FOUND',
    });
  });

  it('gives up when the area has no data, in the words and code the page shows', async () => {
    const message = 'The store holds no police data for this area in the last 12 months.';
    respondWith(Response.json({ success: false, error: message, code: 'NO_AREA_DATA' }, { status: 404 }));
    const error: unknown = await loadAreaClock('force:kent').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AreaClockUnavailable);
    expect(toFeedError(error)).toEqual({
      message,
      parts: [{ id: 'errors.code.NO_AREA_DATA' }],
      code: 'NO_AREA_DATA',
      final: true,
    });
  });

  it('keeps trying after a server failure, a rate limit or an empty store', async () => {
    for (const response of [
      new Response('<html>oops</html>', { status: 500 }),
      Response.json({ error: 'Too many requests' }, { status: 429 }),
      Response.json(
        { success: false, error: 'No data has been imported yet', code: 'NO_DATA' },
        { status: 404 },
      ),
      // A proxy's refusal in front of the API says nothing about the area.
      Response.json({ error: 'Forbidden', code: 'CSRF' }, { status: 403 }),
    ]) {
      respondWith(response);
      const error: unknown = await loadAreaClock('force:kent').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(toFeedError(error).final).toBeUndefined();
    }
  });
});
