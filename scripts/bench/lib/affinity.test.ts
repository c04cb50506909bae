import { describe, expect, it } from 'vitest';
import { planCpus } from './affinity.ts';

describe('CPU plan', () => {
  it('gives one node a core and the generator the others', () => {
    expect(planCpus(1, 2)).toEqual({ nodes: [[0]], generator: [1] });
    expect(planCpus(1, 4)).toEqual({ nodes: [[0]], generator: [1, 2, 3] });
  });

  it('leaves the generator unpinned when the nodes take every core', () => {
    expect(planCpus(2, 2)).toEqual({ nodes: [[0], [1]], generator: [] });
    expect(planCpus(2, 1)).toEqual({ nodes: [[0], [0]], generator: [] });
  });
});
