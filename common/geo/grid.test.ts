import { describe, expect, it } from 'vitest';
import { cellBounds, cellOf, cellsCovering } from './grid.ts';

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

describe('cells covering a box', () => {
  it('lists the cells of every corner and none beyond', () => {
    const box = { minLat: 51.5, maxLat: 51.512, minLng: -0.13, maxLng: -0.11 };
    const cells = cellsCovering(box);
    for (const [lat, lng] of [
      [box.minLat, box.minLng],
      [box.maxLat, box.maxLng],
      [box.minLat, box.maxLng],
      [51.506, -0.12],
    ] as const)
      expect(cells).toContain(cellOf(lat, lng));
    // Rows 500..502 and columns 1108..1111.
    expect(cells).toHaveLength(3 * 4);
    expect(cellsCovering({ minLat: 51.5001, maxLat: 51.5001, minLng: -0.1201, maxLng: -0.1201 })).toEqual([
      cellOf(51.5001, -0.1201),
    ]);
  });
});
