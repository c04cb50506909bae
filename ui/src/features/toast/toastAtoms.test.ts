import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToastAtom, showToastAtom, toastsAtom } from './toastAtoms.ts';
import { TOAST_REMOVE_DELAY } from './toastState.ts';

describe('toast timing in a jotai store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a toast after its duration and removes it TOAST_REMOVE_DELAY later', () => {
    const store = createStore();
    const id = store.set(showToastAtom, { title: 'Saved', duration: 3000 });

    vi.advanceTimersByTime(2999);
    expect(store.get(toastsAtom)).toMatchObject([{ id, open: true }]);

    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toMatchObject([{ id, open: false }]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.get(toastsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('removes a toast closed by hand TOAST_REMOVE_DELAY after the close', () => {
    const store = createStore();
    const id = store.set(showToastAtom, { title: 'Hello' });
    vi.advanceTimersByTime(1000);
    store.set(dismissToastAtom, id);
    expect(store.get(toastsAtom)).toMatchObject([{ id, open: false }]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('keeps a replacing toast alive when the replaced one would have expired', () => {
    const store = createStore();
    store.set(showToastAtom, { title: 'Old', duration: 1000 });
    vi.advanceTimersByTime(500);
    const fresh = store.set(showToastAtom, { title: 'New', duration: 5000 });

    vi.advanceTimersByTime(4000);
    expect(store.get(toastsAtom)).toMatchObject([{ id: fresh, title: 'New', open: true }]);
  });

  it('never closes a toast whose duration is Infinity until asked', () => {
    const store = createStore();
    const id = store.set(showToastAtom, { title: 'Sticky', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(store.get(toastsAtom)).toMatchObject([{ id, open: true }]);
    store.set(dismissToastAtom);
    expect(store.get(toastsAtom)).toMatchObject([{ id, open: false }]);
  });
});
