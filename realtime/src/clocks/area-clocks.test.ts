import { createApiReader } from '../api-client/api-reader.ts';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { policeClockDefinition } from '../../../common/clock/police-definition.ts';
import { clockAnswerFor } from '../../../tests/support/clock-answer.ts';
import {
  createAreaClocks,
  TOO_MANY_LOADING,
  TOO_MANY_NEW_AREAS,
  type AreaClocksOptions,
} from './area-clocks.ts';
import { createAreaLoads } from './area-loads.ts';

const definition = policeClockDefinition({
  categoryCounts: [{ slug: 'burglary', count: 1000 }],
  months: 12,
  latestDataMonth: '2026-09',
  excludedForces: [],
  lastUpdated: '2026-11-01T00:00:00Z',
  areaName: 'Somewhere',
});
/** The API's whole answer for the area (the ClockAnswer contract). */
const answer = clockAnswerFor(definition);

/** An API double whose answers the test releases, counting reads and the most at once. */
function slowApi() {
  const reads: string[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let peak = 0;
  const fetch = (async (url: string) => {
    reads.push(new URL(url).searchParams.get('area')!);
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight--;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    fetch,
    reads,
    peak: () => peak,
    inFlight: () => inFlight,
    /** Answers every read waiting, and those started meanwhile, until none is left. */
    async drain() {
      for (;;) {
        await settle();
        if (!waiting.length) return;
        for (const answer of waiting.splice(0)) answer();
      }
    },
  };
}

function clocks({
  fetch,
  bounds,
  ...options
}: Partial<Omit<AreaClocksOptions, 'readApi' | 'queue' | 'newLoads'>> & {
  fetch: typeof globalThis.fetch;
  bounds?: Parameters<typeof createAreaLoads>[0];
}) {
  return createAreaClocks({
    readApi: createApiReader({ apiUrl: 'http://api.test', fetch }),
    logger: pino({ level: 'silent' }),
    ...createAreaLoads(bounds, options.now),
    ...options,
  });
}

describe('area clocks', () => {
  it('reads at most a few areas from the API at once, queues a bounded number and refuses the rest', async () => {
    const api = slowApi();
    const areas = clocks({ fetch: api.fetch, bounds: { maxInFlight: 4, maxQueued: 10 } });
    // Thirty new areas at once, each from its own address (no per-address budget is spent out).
    const loads = Array.from({ length: 30 }, (_, i) => areas.load(`force:area-${i}`, `10.0.0.${i}`));
    await new Promise((r) => setTimeout(r, 10));
    expect(api.inFlight()).toBe(4);
    expect(areas.stats()).toMatchObject({ inFlight: 4, queued: 10 });
    await api.drain();
    const results = await Promise.all(loads);
    expect(results.filter((r) => r.ok)).toHaveLength(14);
    expect(results.filter((r) => !r.ok)).toEqual(Array(16).fill({ ok: false, error: TOO_MANY_LOADING }));
    expect(api.peak()).toBe(4);
    expect(api.reads).toHaveLength(14);
    // The same area asked for twice at once is one read.
    const again = [areas.load('force:kent', 'a'), areas.load('force:kent', 'b')];
    await api.drain();
    expect((await Promise.all(again)).every((r) => r.ok)).toBe(true);
    expect(api.reads.filter((a) => a === 'force:kent')).toHaveLength(1);
  });

  it('gives one address a budget of new areas a minute, exact under parallel loads', async () => {
    const api = slowApi();
    let now = 1_000_000;
    const areas = clocks({ fetch: api.fetch, now: () => now, bounds: { maxNewLoadsPerAddress: 20 } });
    const loads = Array.from({ length: 25 }, (_, i) => areas.load(`force:area-${i}`, '203.0.113.7'));
    await api.drain();
    const results = await Promise.all(loads);
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok)).toEqual(Array(5).fill({ ok: false, error: TOO_MANY_NEW_AREAS }));
    expect(api.reads).toHaveLength(20);
    expect(areas.stats().refusedLoads).toBe(5);

    // Another visitor is not affected; an area already held costs the first nothing.
    const other = areas.load('force:essex', '198.51.100.9');
    await api.drain();
    expect((await other).ok).toBe(true);
    areas.hold('force:area-0', definition);
    expect((await areas.load('force:area-0', '203.0.113.7')).ok).toBe(true);
    expect(api.reads).toHaveLength(21);

    // The window slides: a minute after, the address may load new areas again.
    now += 59_000;
    expect(await areas.load('force:late', '203.0.113.7')).toEqual({ ok: false, error: TOO_MANY_NEW_AREAS });
    now += 1_000;
    const late = areas.load('force:late', '203.0.113.7');
    await api.drain();
    expect((await late).ok).toBe(true);
  });

  it('keeps an emptied area for a grace period, not counted against the node, then forgets it', async () => {
    const api = slowApi();
    let now = 1_000_000;
    const areas = clocks({ fetch: api.fetch, now: () => now, graceMs: 60_000 });
    const load = async (areaId: string) => {
      const pending = areas.load(areaId, '203.0.113.7');
      await api.drain();
      const result = await pending;
      if (!result.ok) throw new Error(result.error);
      areas.hold(areaId, result.definition);
    };
    // A viewer switching between two areas: each is read once.
    await load('force:kent');
    areas.drop('force:kent');
    await load('force:essex');
    areas.drop('force:essex');
    expect(areas.size()).toBe(0);
    expect(areas.current('force:kent')).toBeUndefined();
    now += 30_000;
    await load('force:kent');
    areas.drop('force:kent');
    await load('force:essex');
    expect(api.reads).toEqual(['force:kent', 'force:essex']);
    expect(areas.size()).toBe(1);
    // Sixty seconds after its room emptied, an area is read again.
    now += 60_000;
    await load('force:kent');
    expect(api.reads).toEqual(['force:kent', 'force:essex', 'force:kent']);
  });

  it('logs failed loads at most once a minute, with their count', async () => {
    let now = 1_000_000;
    const warn = vi.fn();
    const logger = { warn } as unknown as AreaClocksOptions['logger'];
    const fetch = (async () => {
      throw new Error('connect ECONNREFUSED');
    }) as unknown as typeof globalThis.fetch;
    const areas = createAreaClocks({
      readApi: createApiReader({ apiUrl: 'http://api.test', fetch }),
      logger,
      ...createAreaLoads({}, () => now),
      now: () => now,
    });
    for (let i = 0; i < 50; i++)
      expect(await areas.load(`force:area-${i}`)).toMatchObject({ ok: false, error: /cannot be loaded/ });
    const failures = () =>
      warn.mock.calls.filter(([, message]) => message === 'cannot load an area clock from the API');
    expect(failures()).toHaveLength(1);
    now += 60_000;
    await areas.load('force:kent');
    expect(failures()).toHaveLength(2);
    expect(failures()[1]![0]).toMatchObject({ failedLoads: 50, err: 'connect ECONNREFUSED' });
    expect(areas.stats().failedLoads).toBe(51);
  });

  it('logs a malformed answer of the API and does not use it', async () => {
    const warn = vi.fn();
    const logger = { warn } as unknown as AreaClocksOptions['logger'];
    // A definition without the rest of the contract's answer, its categories not a list.
    const malformed = { ...answer, definition: { ...definition, categories: 'burglary' } };
    const fetch = (async () =>
      new Response(JSON.stringify(malformed), {
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    const areas = createAreaClocks({
      readApi: createApiReader({ apiUrl: 'http://api.test', fetch }),
      logger,
      ...createAreaLoads(),
    });
    expect(await areas.load('force:kent')).toMatchObject({ ok: false, error: /cannot be loaded/ });
    expect(areas.current('force:kent')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        err: expect.stringMatching(/malformed answer from \/api\/area-clock: \/definition\/categories/),
      }),
      'cannot load an area clock from the API',
    );
  });

  it("passes on the API's own words for an unknown area", async () => {
    const fetch = (async (url: string) => {
      expect(new URL(url).pathname).toBe('/api/area-clock');
      return new Response(
        JSON.stringify({ success: false, error: 'No such neighbourhood.', code: 'INVALID_AREA' }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof globalThis.fetch;
    const areas = clocks({ fetch });
    expect(await areas.load('nbh:kent/nowhere')).toEqual({ ok: false, error: 'No such neighbourhood.' });
  });
});
