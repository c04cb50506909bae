import type { ClockFrame } from './clockFrame.ts';

/**
 * Holds the latest frame of a page. Frames come ten times a second; components subscribe to the
 * few values they show (useFrame) or drive d3 from it directly, so the page itself never
 * re-renders on a tick.
 */
export interface FrameStore {
  get(): ClockFrame | null;
  set(frame: ClockFrame): void;
  subscribe(listener: () => void): () => void;
}

export function createFrameStore(): FrameStore {
  let frame: ClockFrame | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => frame,
    set(next) {
      frame = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
