/**
 * The live pieces the clock pages, the kiosk view and the embeds are built from. Each reads just
 * what it shows from the page's frame store.
 */
import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { DIGIT_FLASH_MS } from '../../../../common/clock/animation.ts';
import { formatCount } from '../../../../common/clock/format.ts';
import { progressToNext, secondsUntilNext } from '../../../../common/clock/model.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { cx } from '../../shared/ui/classNames.ts';
import { clockMessage } from './clockIntl.ts';
import { everyText, statusText, untilNextText, type ClockEvent } from './clockText.ts';
import { frameCounter, type ClockFrame, type FrameGroupName } from './clockFrame.ts';
import { useFrame, useFrameAtom } from './frameContext.tsx';
import type { FeedStatus } from './feedState.ts';
import { moveProgress, useFlashOnRise, useReducedMotion } from './motion.ts';

export interface CounterProps {
  group: FrameGroupName;
  /** A category id; null for the group's total. */
  id: string | null;
}

/**
 * A running count with its digit flash. Hidden from assistive technology: ten changes a second
 * are noise there; ClockAnnouncer says the total now and then instead.
 */
export function TickingCount({
  group,
  id,
  className,
  flashMs = DIGIT_FLASH_MS,
}: CounterProps & { className?: string; flashMs?: number }) {
  const whole = useFrame((frame) => {
    const counter = frameCounter(frame, group, id);
    return counter ? Math.floor(counter.value) : null;
  }, null);
  const ref = useRef<HTMLSpanElement>(null);
  useFlashOnRise(ref, whole, flashMs);
  return (
    <span ref={ref} className={cx('clock-count', className)} aria-hidden="true" data-value={whole ?? ''}>
      {whole === null ? '–' : formatCount(whole)}
    </span>
  );
}

/** "1 crime every 3.4 seconds" (or "Static"); changes only when the rate does. */
export function EveryText({ group, id, what = 'crime' }: CounterProps & { what?: ClockEvent }) {
  return useFrame((frame) => {
    const counter = frameCounter(frame, group, id);
    return counter ? everyText(counter.perSecond, what, PAGE_LOCALE) : '';
  }, '');
}

/** "12.5 seconds until next crime" (or "Static"). */
export function UntilNextText({ group, id, what = 'crime' }: CounterProps & { what?: ClockEvent }) {
  const text = useFrame((frame) => {
    const counter = frameCounter(frame, group, id);
    return counter
      ? untilNextText(secondsUntilNext(counter.value, counter.perSecond), what, PAGE_LOCALE)
      : '';
  }, '');
  return <span aria-hidden="true">{text}</span>;
}

/** A bar filling up towards the next event; it glides with d3, outside React's renders. */
export function ProgressToNext({ group, id, className }: CounterProps & { className?: string }) {
  const store = useStore();
  const frames = useFrameAtom();
  const reducedMotion = useReducedMotion();
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let previous = 0;
    const update = () => {
      const frame = store.get(frames);
      const counter = frame ? frameCounter(frame, group, id) : undefined;
      if (!counter || !bar.current) return;
      const fraction = progressToNext(counter.value);
      moveProgress(bar.current, fraction, previous, counter.speedFactor, reducedMotion);
      previous = fraction;
    };
    update();
    return store.sub(frames, update);
  }, [store, frames, group, id, reducedMotion]);
  return (
    <span className={cx('clock-progress', className)} aria-hidden="true">
      <span ref={bar} className="clock-progress__bar" />
    </span>
  );
}

export function LiveIndicator({
  status,
  className,
  compact = false,
}: {
  status: FeedStatus;
  className?: string;
  compact?: boolean;
}) {
  return (
    <span
      className={cx(
        'live-indicator',
        `live-indicator--${status}`,
        compact && 'live-indicator--compact',
        className,
      )}
      role="status"
      title={clockMessage(PAGE_LOCALE, `clocks.statusTitle.${status}`)}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {statusText(status, PAGE_LOCALE, compact)}
    </span>
  );
}

/** Screen readers hear the count at most this often, not at every tick. */
export const ANNOUNCE_EVERY_MS = 10_000;

/** A polite live region with the running total, refreshed every ANNOUNCE_EVERY_MS. */
export function ClockAnnouncer({ describe }: { describe: (frame: ClockFrame) => string }) {
  const store = useStore();
  const frames = useFrameAtom();
  const [text, setText] = useState('');
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  }, [describe]);
  useEffect(() => {
    const announce = () => {
      const frame = store.get(frames);
      if (frame) setText(describeRef.current(frame));
      return frame !== null;
    };
    let unsubscribe: (() => void) | undefined;
    if (!announce()) {
      unsubscribe = store.sub(frames, () => {
        if (announce()) unsubscribe?.();
      });
    }
    const timer = setInterval(announce, ANNOUNCE_EVERY_MS);
    return () => {
      unsubscribe?.();
      clearInterval(timer);
    };
  }, [store, frames]);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
