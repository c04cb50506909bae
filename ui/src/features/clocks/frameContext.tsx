import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ClockFrame } from './clockFrame.ts';
import type { FrameStore } from './frameStore.ts';

const FrameStoreContext = createContext<FrameStore | null>(null);

export function FrameStoreProvider({ store, children }: { store: FrameStore; children: ReactNode }) {
  return <FrameStoreContext value={store}>{children}</FrameStoreContext>;
}

export function useFrameStore(): FrameStore {
  const store = useContext(FrameStoreContext);
  if (!store) throw new Error('useFrameStore needs a FrameStoreProvider above it');
  return store;
}

/**
 * One value of the current frame. Select something small and comparable by value (a string, a
 * whole number): the component re-renders only when it changes, not on every tick.
 */
export function useFrame<T extends string | number | boolean | null | undefined>(
  select: (frame: ClockFrame) => T,
  fallback: T,
): T {
  const store = useFrameStore();
  const read = useCallback(() => {
    const frame = store.get();
    return frame ? select(frame) : fallback;
  }, [store, select, fallback]);
  return useSyncExternalStore(store.subscribe, read, read);
}
