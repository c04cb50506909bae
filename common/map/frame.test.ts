import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../../tests/support/great-circle.ts';
import { frameAt, fromFrame, placeFromCentre, toFrame } from './frame.ts';

const CENTRE = { lat: 51.5074, lng: -0.1278 };

describe('flat map frame', () => {
  it('measures metres east and north that agree with the great-circle distance near the centre', () => {
    const frame = frameAt(CENTRE);
    const point = { lat: 51.515, lng: -0.11 };
    const { x, y } = toFrame(frame, point);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    expect(Math.abs(Math.hypot(x, y) - haversineMetres(CENTRE, point))).toBeLessThan(2);
  });

  it('round-trips a point', () => {
    const frame = frameAt(CENTRE);
    const back = fromFrame(frame, toFrame(frame, { lat: 51.49, lng: -0.2 }));
    expect(back.lat).toBeCloseTo(51.49, 10);
    expect(back.lng).toBeCloseTo(-0.2, 10);
  });

  it('says where a point lies from the centre', () => {
    const frame = frameAt(CENTRE);
    expect(placeFromCentre(frame, fromFrame(frame, { x: 300, y: 300 }))).toEqual({
      distance: { value: 420, unit: 'm' },
      compass: 'north-east',
    });
    expect(placeFromCentre(frame, fromFrame(frame, { x: 0, y: -2500 }))).toEqual({
      distance: { value: 2.5, unit: 'km' },
      compass: 'south',
    });
    expect(placeFromCentre(frame, CENTRE)).toBeNull();
  });
});
