import { describe, expect, it } from 'vitest';
import { nextInDirection } from './navigation.ts';

describe('arrow keys between marks', () => {
  const points = [
    { x: 100, y: 100 },
    { x: 140, y: 102 },
    { x: 120, y: 60 },
    { x: 60, y: 100 },
    { x: 100, y: 180 },
    { x: 300, y: 300 },
  ];

  it('moves to the nearest mark in the direction, preferring the one straight ahead', () => {
    expect(nextInDirection(points, 0, 'right')).toBe(1);
    expect(nextInDirection(points, 0, 'left')).toBe(3);
    expect(nextInDirection(points, 0, 'up')).toBe(2);
    expect(nextInDirection(points, 0, 'down')).toBe(4);
  });

  it('stays put when nothing lies that way', () => {
    expect(nextInDirection(points, 5, 'right')).toBe(5);
    expect(nextInDirection(points, 5, 'down')).toBe(5);
    expect(nextInDirection([], 0, 'up')).toBe(0);
  });
});
