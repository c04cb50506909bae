/**
 * The moving parts of the clocks, drawn with d3 straight onto the DOM: flashes when a count rises
 * and progress bars that glide to the next event. React renders the structure; ten updates a
 * second of dozens of elements stay out of its render cycle.
 */
// `interrupt` is imported as a function, not only used as a method: d3 is marked side-effect free,
// so a bundle that names nothing from d3-transition drops the methods it adds to selections.
import { easeCubicOut, easeLinear, interrupt, select } from 'd3';
import { atom, useAtomValue } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import { progressTransitionMs, shouldFlash } from '../../../../common/clock/animation.ts';

const FLASH = 'flash';
const PROGRESS = 'progress';
export const FLASHING_CLASS = 'is-flashing';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The setting as last heard while someone reads it; null before that (then the query answers). */
const heardReducedMotion = atom<boolean | null>(null);
heardReducedMotion.onMount = (set) => {
  const query = window.matchMedia(REDUCED_MOTION);
  const update = () => set(query.matches);
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
};

/** The visitor asked for less motion (prefers-reduced-motion), kept current while it is read. */
const reducedMotionAtom = atom((get) => get(heardReducedMotion) ?? window.matchMedia(REDUCED_MOTION).matches);

export function useReducedMotion(): boolean {
  return useAtomValue(reducedMotionAtom);
}

/**
 * Marks the element as flashing for `durationMs`. The class carries the look; `--flash` fades
 * from 1 to 0 over the flash so the colour can ease back instead of snapping.
 */
export function flash(element: Element, durationMs: number): void {
  interrupt(element, FLASH);
  select(element)
    .classed(FLASHING_CLASS, true)
    .style('--flash', '1')
    .transition(FLASH)
    .duration(durationMs)
    .ease(easeCubicOut)
    .styleTween('--flash', () => (t) => String(1 - t))
    .on('end interrupt cancel', function () {
      select(this).classed(FLASHING_CLASS, false).style('--flash', null);
    });
}

/**
 * Flashes the element whenever the whole number `value` goes up (never with reduced motion).
 * null is "nothing shown yet": the first number to appear is not a rise.
 */
export function useFlashOnRise(
  ref: RefObject<Element | null>,
  value: number | null,
  durationMs: number,
): void {
  const reducedMotion = useReducedMotion();
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const element = ref.current;
    if (element && before !== null && value !== null && !reducedMotion && shouldFlash(before, value)) {
      flash(element, durationMs);
    }
  }, [ref, value, durationMs, reducedMotion]);
}

/**
 * Moves a progress bar (scaled on x from 0 to 1) to `fraction`, over the speed-dependent
 * transition the specification gives. Going back means the next event happened: the bar starts
 * again from empty rather than sliding backwards.
 */
export function moveProgress(
  element: Element,
  fraction: number,
  previousFraction: number,
  speedFactor: number,
  reducedMotion: boolean,
): void {
  const transform = `scaleX(${Math.min(1, Math.max(0, fraction))})`;
  interrupt(element, PROGRESS);
  const bar = select(element);
  if (reducedMotion || fraction < previousFraction) {
    bar.style('transform', transform);
    return;
  }
  bar
    .transition(PROGRESS)
    .duration(progressTransitionMs(speedFactor))
    .ease(easeLinear)
    .style('transform', transform);
}
