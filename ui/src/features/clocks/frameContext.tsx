import { atom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ClockFrame } from './clockFrame.ts';

/**
 * The latest frame of a page, an atom of the app's jotai store. Frames come ten times a second;
 * components read the few values they show (useFrame) or drive d3 from it with store.sub, so the
 * page itself never re-renders on a tick.
 */
export type FrameAtom = PrimitiveAtom<ClockFrame | null>;

export function createFrameAtom(): FrameAtom {
  return atom<ClockFrame | null>(null);
}

const FrameAtomContext = createContext<FrameAtom | null>(null);

export function FrameProvider({ frames, children }: { frames: FrameAtom; children: ReactNode }) {
  return <FrameAtomContext value={frames}>{children}</FrameAtomContext>;
}

export function useFrameAtom(): FrameAtom {
  const frames = useContext(FrameAtomContext);
  if (!frames) throw new Error('useFrameAtom needs a FrameProvider above it');
  return frames;
}

/**
 * One value of the current frame. Select something small and comparable by value (a string, a
 * whole number): the component re-renders only when it changes, not on every tick.
 *
 * `select` may be a new function at every render (callers write it inline): the derived atom is
 * made once and calls the latest one, since a new atom per render would render again for ever.
 */
export function useFrame<T extends string | number | boolean | null | undefined>(
  select: (frame: ClockFrame) => T,
  fallback: T,
): T {
  const frames = useFrameAtom();
  const latestSelect = useRef(select);
  useLayoutEffect(() => {
    latestSelect.current = select;
  });
  const selected = useMemo(
    () =>
      atom((get) => {
        const frame = get(frames);
        return frame ? latestSelect.current(frame) : fallback;
      }),
    [frames, fallback],
  );
  return useAtomValue(selected);
}
