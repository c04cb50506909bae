/**
 * Arrow-key movement between the map's marks: from the focused mark to the nearest one lying in
 * the arrow's direction (within 45° either side of it), on screen coordinates (y grows downwards).
 */
import type { Point } from './frame.ts';

export type ArrowDirection = 'left' | 'right' | 'up' | 'down';

const UNIT: Record<ArrowDirection, Point> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
};

/** Index of the mark to move to, or `from` itself when nothing lies that way. */
export function nextInDirection(points: readonly Point[], from: number, direction: ArrowDirection): number {
  const origin = points[from];
  if (!origin) return from;
  const unit = UNIT[direction];
  let best = from;
  let bestScore = Infinity;
  points.forEach((p, index) => {
    if (index === from) return;
    const dx = p.x - origin.x;
    const dy = p.y - origin.y;
    const along = dx * unit.x + dy * unit.y;
    const across = Math.abs(dx * unit.y - dy * unit.x);
    if (along <= 0 || across > along) return;
    // Straight ahead is preferred to the same distance off to the side.
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}
