import { describe, expect, it } from 'vitest';
import { clusterMarks, type Placed } from './cluster.ts';

const mark = (id: string, x: number, y: number, weight = 1): Placed => ({ id, x, y, weight });

describe('clustering the map marks', () => {
  it('keeps marks at least a gap apart on their own', () => {
    const clusters = clusterMarks([mark('a', 0, 0), mark('b', 30, 0), mark('c', 0, 30)], 28);
    expect(clusters.map((c) => c.members.map((m) => m.id))).toEqual([['a'], ['b'], ['c']]);
  });

  it('groups near marks under the largest, counting their weights', () => {
    const clusters = clusterMarks(
      [mark('small', 10, 5, 2), mark('big', 0, 0, 9), mark('far', 100, 100, 1)],
      28,
    );
    expect(clusters).toHaveLength(2);
    const near = clusters.find((c) => c.members.length === 2)!;
    expect(near.members.map((m) => m.id)).toEqual(['big', 'small']);
    expect(near.weight).toBe(11);
    expect([near.x, near.y]).toEqual([0, 0]);
  });

  it('places clusters so that no two squares of the gap overlap, however crowded the map', () => {
    const marks: Placed[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 300;
    for (let i = 0; i < 500; i++) marks.push(mark(`m${i}`, random(), random(), 1 + (i % 5)));
    const gap = 28;
    const clusters = clusterMarks(marks, gap);
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const a = clusters[i]!;
        const b = clusters[j]!;
        expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThanOrEqual(gap);
      }
    }
    // Every mark is in exactly one cluster, within a gap of where the cluster is drawn.
    expect(clusters.flatMap((c) => c.members).length).toBe(500);
    for (const c of clusters) {
      for (const m of c.members) expect(Math.max(Math.abs(m.x - c.x), Math.abs(m.y - c.y))).toBeLessThan(gap);
    }
  });
});
