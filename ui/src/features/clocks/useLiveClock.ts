import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TICK_MS } from '../../../../common/clock/animation.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { useToast } from '../toast/useToast.ts';
import { advanceClock, type Displays } from './clockFrame.ts';
import { browserFeedDeps, ClockFeed } from './clockFeed.ts';
import type { FeedState } from './feedState.ts';
import { createFrameStore, type FrameStore } from './frameStore.ts';

/** Specification section 8, clock load failure. */
export const LOAD_ERROR_TOAST = {
  title: 'Loading Error',
  description: 'Could not load England, Wales & Northern Ireland crime data',
} as const;

export interface LiveClock {
  readonly feed: FeedState;
  readonly frames: FrameStore;
}

/**
 * A clock page's live data: the feed (definition, connection) and the one ticker of the page,
 * which every TICK_MS moves all counters towards the model's value at the server's time.
 */
export function useLiveClock(kind: ClockKind): LiveClock {
  const { toast } = useToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);

  const [feed] = useState(
    () =>
      new ClockFeed(
        kind,
        browserFeedDeps(() => toastRef.current({ ...LOAD_ERROR_TOAST, variant: 'destructive' })),
      ),
  );
  useEffect(() => {
    feed.start();
    return () => feed.stop();
  }, [feed]);
  const feedState = useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot);

  const [frames] = useState(createFrameStore);
  const displays = useRef<Displays>(new Map());
  const definition = feedState.definition;
  useEffect(() => {
    if (!definition) return;
    const step = () => {
      const next = advanceClock(displays.current, definition, feed.serverNow(), performance.now());
      displays.current = next.displays;
      frames.set(next.frame);
    };
    step();
    const timer = setInterval(step, TICK_MS);
    return () => clearInterval(timer);
  }, [definition, feed, frames]);

  return { feed: feedState, frames };
}
