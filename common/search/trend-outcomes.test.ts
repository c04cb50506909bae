import { describe, expect, it } from 'vitest';
import { RESOLVED_OUTCOMES, UNRESOLVED_OUTCOMES, resolutionPercentage } from './outcomes.ts';
import { isResolvedOutcome } from '../../tests/support/outcomes.ts';
import { MIN_CRIMES_TO_COMPARE, STABLE_THRESHOLD_PERCENT, computeTrend } from './trend.ts';

describe('computeTrend', () => {
  it('gives the change to 1 decimal with its direction', () => {
    expect(computeTrend(200, 250)).toEqual({ percentage: 25, direction: 'up', comparable: true });
    expect(computeTrend(300, 200)).toEqual({ percentage: -33.3, direction: 'down', comparable: true });
    expect(computeTrend(3, 4)).toMatchObject({ percentage: 33.3, direction: 'up' });
  });

  it('calls changes under the threshold stable, either way', () => {
    expect(STABLE_THRESHOLD_PERCENT).toBe(5);
    expect(computeTrend(1000, 1049)).toMatchObject({ percentage: 4.9, direction: 'stable' });
    expect(computeTrend(1000, 951)).toMatchObject({ percentage: -4.9, direction: 'stable' });
    expect(computeTrend(1000, 1050).direction).toBe('up');
    expect(computeTrend(1000, 950).direction).toBe('down');
  });

  it('handles a zero base', () => {
    expect(computeTrend(0, 0)).toMatchObject({ percentage: 0, direction: 'stable' });
    expect(computeTrend(0, 7)).toMatchObject({ percentage: 100, direction: 'up' });
    expect(computeTrend(7, 0)).toMatchObject({ percentage: -100, direction: 'down' });
  });

  it('marks changes on fewer than MIN_CRIMES_TO_COMPARE crimes as not comparable', () => {
    expect(MIN_CRIMES_TO_COMPARE).toBe(20);
    expect(computeTrend(3, 12).comparable).toBe(false);
    expect(computeTrend(0, 19).comparable).toBe(false);
    expect(computeTrend(0, 0).comparable).toBe(false);
    expect(computeTrend(8, 12).comparable).toBe(true);
    expect(computeTrend(0, 20).comparable).toBe(true);
  });
});

describe('resolved outcomes', () => {
  it('counts charges, court results and out-of-court disposals', () => {
    for (const o of [
      'Awaiting court outcome',
      'Offender given a caution',
      'Local resolution',
      'Offender fined',
    ]) {
      expect(isResolvedOutcome(o)).toBe(true);
    }
  });

  it('does not count open, undetected or no-action outcomes, or none', () => {
    for (const o of [...UNRESOLVED_OUTCOMES, '', null, undefined, 'Something new']) {
      expect(isResolvedOutcome(o)).toBe(false);
    }
  });

  it('keeps the two lists apart', () => {
    const unresolved = new Set<string>(UNRESOLVED_OUTCOMES);
    expect(RESOLVED_OUTCOMES.filter((o) => unresolved.has(o))).toEqual([]);
  });

  it('gives the rate to 1 decimal and null without eligible crimes', () => {
    expect(resolutionPercentage(1, 3)).toBe(33.3);
    expect(resolutionPercentage(0, 0)).toBeNull();
  });
});
