import { describe, expect, it } from 'vitest';
import { readingOnce, type SearchArea } from './areas.ts';

/** A stand-in area that counts how often its coverage and summary are read. */
function countingArea() {
  const reads = { coverage: 0, summary: 0 };
  const area = {
    kind: 'radius',
    centre: { lat: 51.5, lng: -0.1 },
    coverage: async (period: { windowStart: number; end: number }) => {
      reads.coverage += 1;
      return { months: [], forcesWithoutData: [], synthetic: false, period } as never;
    },
    summary: async (period: { windowStart: number; end: number }) => {
      reads.summary += 1;
      return { counts: [], population: null, period } as never;
    },
  } as unknown as SearchArea;
  return { area, reads };
}

describe('readingOnce', () => {
  it('reads the coverage and summary of one period once, however often they are asked for', async () => {
    const { area, reads } = countingArea();
    const once = readingOnce(area);
    const period = { windowStart: 300, end: 311 };
    const [a, b] = await Promise.all([once.summary(period), once.summary({ ...period })]);
    await once.coverage(period);
    await once.coverage(period);
    expect(a).toBe(b);
    expect(reads).toEqual({ summary: 1, coverage: 1 });
  });

  it('reads each other period afresh and keeps the rest of the area as it was', async () => {
    const { area, reads } = countingArea();
    const once = readingOnce(area);
    await once.summary({ windowStart: 300, end: 311 });
    await once.summary({ windowStart: 309, end: 311 });
    expect(reads.summary).toBe(2);
    expect(once.kind).toBe('radius');
    expect(once.centre).toEqual({ lat: 51.5, lng: -0.1 });
  });
});
