import { describe, expect, it } from 'vitest';
import { createAreaShares } from './area-shares.ts';

describe("an address's share of a node's areas", () => {
  it('lets an address take new areas up to its share, and those it watches already beyond it', () => {
    const shares = createAreaShares(2);
    shares.count('a', 'force:x', 1);
    shares.count('a', 'force:y', 1);
    expect(shares.mayWatch('a', 'force:z')).toBe(false);
    expect(shares.mayWatch('a', 'force:x')).toBe(true);
    expect(shares.mayWatch('b', 'force:z')).toBe(true);
  });

  it('gives an area back when the last of its sockets leaves it', () => {
    const shares = createAreaShares(1);
    shares.count('a', 'force:x', 1);
    shares.count('a', 'force:x', 1);
    shares.count('a', 'force:x', -1);
    expect(shares.mayWatch('a', 'force:y')).toBe(false);
    shares.count('a', 'force:x', -1);
    expect(shares.mayWatch('a', 'force:y')).toBe(true);
  });
});
