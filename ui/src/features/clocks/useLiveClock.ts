import { interval } from 'd3';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { TICK_MS } from '../../../../common/clock/animation.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { useToast } from '../toast/useToast.ts';
import { advanceClock, frameModeFor, NO_DISPLAYS, type Displays } from './clockFrame.ts';
import { browserFeedDeps, ClockFeed } from './clockFeed.ts';
import type { FeedState } from './feedState.ts';
import { createFrameAtom, type FrameAtom } from './frameContext.tsx';

/** The toast a failed load of a national clock shows. */
export const LOAD_ERROR_TOAST = {
  title: 'Loading Error',
  description: 'Could not load the crime data for England and Wales',
} as const;

/** The same for an area's clock, which is not about the whole country. */
export const AREA_LOAD_ERROR_TOAST = {
  title: 'Loading Error',
  description: "Could not load this area's crime data",
} as const;

/** The toast a clock's load failure shows: the national wording only on the national clocks. */
export function loadErrorToast(area?: string) {
  return area === undefined ? LOAD_ERROR_TOAST : AREA_LOAD_ERROR_TOAST;
}

export interface LiveClock {
  readonly feed: FeedState;
  /** The page's latest frame (FrameProvider hands it to the parts). */
  readonly frames: FrameAtom;
}

/**
 * A clock page's live data: the feed (definition, connection, the server's latest tick) and the
 * one ticker of the page, which every TICK_MS moves all counters to where the server's tick says
 * they are at the server's time. A tab woken from the background shows the server's count at once.
 * The feed is made once: a page that changes `area` mounts a new component (key it by the area).
 */
export function useLiveClock(kind: ClockKind, area?: string): LiveClock {
  const { toast } = useToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);

  const store = useStore();
  const [feed] = useState(
    () =>
      new ClockFeed(
        kind,
        browserFeedDeps(() => toastRef.current({ ...loadErrorToast(area), variant: 'destructive' })),
        store,
        area,
      ),
  );
  useEffect(() => {
    feed.start();
    return () => feed.stop();
  }, [feed]);
  const feedState = useAtomValue(feed.stateAtom);

  const [frames] = useState(createFrameAtom);
  const displays = useRef<Displays>(NO_DISPLAYS);
  const shownResync = useRef(-1);
  const woken = useRef(false);
  const definition = feedState.definition;
  useEffect(() => {
    if (!definition) return;
    const step = () => {
      const sample = store.get(feed.sampleAtom);
      if (!sample) return;
      const mode = frameModeFor(sample, shownResync.current, woken.current);
      const next = advanceClock(
        displays.current,
        definition,
        sample.tick,
        feed.serverNow(),
        performance.now(),
        mode,
      );
      if (!next) return;
      woken.current = false;
      shownResync.current = sample.resync;
      displays.current = next.displays;
      store.set(frames, next.frame);
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      woken.current = true;
      step();
    };
    step();
    const timer = interval(step, TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      timer.stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [definition, feed, frames, store]);

  return { feed: feedState, frames };
}
