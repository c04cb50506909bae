/**
 * Grouping of the map's marks by where they are drawn, so that every tap target keeps its own
 * square: marks closer than `gap` pixels on both axes to a larger one join its cluster, drawn
 * with a count. Greedy from the largest mark down: each cluster sits on its first (largest)
 * member, and those are never closer than `gap` to each other on both axes, so squares of up to
 * `gap` pixels drawn on them never overlap and a tap lands on one target only.
 */

export interface Placed {
  id: string;
  x: number;
  y: number;
  /** Crimes at the mark: larger marks anchor clusters. */
  weight: number;
}

export interface Cluster<T extends Placed> {
  /** Where it is drawn: its anchor's position. */
  x: number;
  y: number;
  /** Members, the anchor first. */
  members: T[];
  /** Sum of the members' weights. */
  weight: number;
}

export function clusterMarks<T extends Placed>(marks: readonly T[], gap: number): Cluster<T>[] {
  const order = [...marks].sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // A grid of `gap`-sized buckets: only the 3 × 3 around a mark can hold an anchor within gap.
  const anchors = new Map<string, Cluster<T>[]>();
  const key = (i: number, j: number) => `${i},${j}`;
  const clusters: Cluster<T>[] = [];
  for (const mark of order) {
    const i = Math.floor(mark.x / gap);
    const j = Math.floor(mark.y / gap);
    let home: Cluster<T> | undefined;
    let nearest = Infinity;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (const c of anchors.get(key(i + di, j + dj)) ?? []) {
          const dx = Math.abs(c.x - mark.x);
          const dy = Math.abs(c.y - mark.y);
          if (dx < gap && dy < gap && Math.max(dx, dy) < nearest) {
            home = c;
            nearest = Math.max(dx, dy);
          }
        }
      }
    }
    if (home) {
      home.members.push(mark);
      home.weight += mark.weight;
    } else {
      const cluster: Cluster<T> = { x: mark.x, y: mark.y, members: [mark], weight: mark.weight };
      clusters.push(cluster);
      const bucket = anchors.get(key(i, j));
      if (bucket) bucket.push(cluster);
      else anchors.set(key(i, j), [cluster]);
    }
  }
  return clusters;
}
