import { describe, expect, it } from 'vitest';
import { cellBounds, cellOf } from './grid.ts';

describe('grid cells', () => {
  it('puts a point inside the bounds of its own cell', () => {
    for (const [lat, lng] of [
      [51.501009, -0.141588],
      [53.4808, -2.2426],
      [51.4816, -3.1791],
      [54.597, -5.93],
    ] as const) {
      const cell = cellOf(lat, lng)!;
      const b = cellBounds(cell);
      expect(lat).toBeGreaterThanOrEqual(b.minLat);
      expect(lat).toBeLessThan(b.maxLat);
      expect(lng).toBeGreaterThanOrEqual(b.minLng);
      expect(lng).toBeLessThan(b.maxLng);
    }
  });

  it('gives neighbouring points different cells and missing positions none', () => {
    expect(cellOf(51.5, -0.1)).not.toBe(cellOf(51.51, -0.1));
    expect(cellOf(51.5, -0.1)).not.toBe(cellOf(51.5, -0.09));
    expect(cellOf(null, -0.1)).toBeNull();
    expect(cellOf(10, 0)).toBeNull();
  });
});
