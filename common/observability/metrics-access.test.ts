import { describe, expect, it } from 'vitest';
import { metricsAccessAllowed } from './metrics-access.ts';

const token = 'f3a9c0d2e1b4a5968778695a4b3c2d1e';

describe('metricsAccessAllowed', () => {
  it('lets anyone read the metrics when no token is configured', () => {
    expect(metricsAccessAllowed(undefined, undefined)).toBe(true);
    expect(metricsAccessAllowed('Bearer whatever', undefined)).toBe(true);
  });

  it('needs the exact bearer token when one is configured', () => {
    expect(metricsAccessAllowed(`Bearer ${token}`, token)).toBe(true);
    expect(metricsAccessAllowed(`bearer ${token}`, token)).toBe(true);
    expect(metricsAccessAllowed(undefined, token)).toBe(false);
    expect(metricsAccessAllowed('', token)).toBe(false);
    expect(metricsAccessAllowed(token, token)).toBe(false);
    expect(metricsAccessAllowed(`Basic ${token}`, token)).toBe(false);
    expect(metricsAccessAllowed(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(metricsAccessAllowed(`Bearer ${token}0`, token)).toBe(false);
    expect(metricsAccessAllowed(`Bearer ${token.toUpperCase()}`, token)).toBe(false);
    expect(metricsAccessAllowed(`Bearer ${token} extra`, token)).toBe(false);
  });
});
