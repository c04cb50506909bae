/**
 * Each address's share of a node's area clocks: the distinct areas its sockets watch or are
 * joining, with how many of its sockets do, so that one address cannot make the node compute more
 * than `maxAreasPerAddress` areas. Built once per node by the composition root (compose.ts) and
 * counted by the clock rooms (clock-rooms.ts), which see the joins and leaves.
 *
 * No limiter library counts distinct members held (rate-limiter-flexible counts points spent in a window, p-limit tasks running): this is a Map of Maps.
 */
export interface AreaShares {
  /** Whether `address` may take `areaId` as well: it watches it already, or has room for one more. */
  mayWatch(address: string, areaId: string): boolean;
  /** One more (`delta` 1) or one fewer (-1) of the address's sockets watching or joining `areaId`. */
  count(address: string, areaId: string, delta: number): void;
}

export function createAreaShares(maxAreasPerAddress: number): AreaShares {
  const watchedBy = new Map<string, Map<string, number>>();
  return {
    mayWatch(address, areaId) {
      const watched = watchedBy.get(address);
      return Boolean(watched?.has(areaId)) || (watched?.size ?? 0) < maxAreasPerAddress;
    },
    count(address, areaId, delta) {
      const watched = watchedBy.get(address) ?? new Map<string, number>();
      const left = (watched.get(areaId) ?? 0) + delta;
      if (left > 0) watched.set(areaId, left);
      else watched.delete(areaId);
      if (watched.size) watchedBy.set(address, watched);
      else watchedBy.delete(address);
    },
  };
}
