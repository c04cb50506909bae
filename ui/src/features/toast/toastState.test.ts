import { describe, expect, it } from 'vitest';
import {
  createToast,
  DEFAULT_TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toastReducer,
  type Toast,
} from './toastState.ts';

const a = createToast('a', { title: 'First' });
const b = createToast('b', { title: 'Second', variant: 'destructive', duration: 4000 });

describe('createToast', () => {
  it('fills in the default variant and duration and starts open', () => {
    expect(a).toEqual({
      id: 'a',
      title: 'First',
      description: undefined,
      variant: 'default',
      duration: DEFAULT_TOAST_DURATION,
      open: true,
    });
    expect(b.variant).toBe('destructive');
    expect(b.duration).toBe(4000);
  });
});

describe('toastReducer', () => {
  it('keeps the limits of the specification', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(5000);
    expect(DEFAULT_TOAST_DURATION).toBe(5000);
  });

  it('adds a toast to an empty list', () => {
    expect(toastReducer([], { type: 'add', toast: a })).toEqual([a]);
  });

  it('lets a new toast replace the old one', () => {
    const state = toastReducer([a], { type: 'add', toast: b });
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('replaces a dismissed toast that is still waiting for removal', () => {
    const dismissed = toastReducer([a], { type: 'dismiss', id: 'a' });
    expect(toastReducer(dismissed, { type: 'add', toast: b })).toEqual([b]);
  });

  it('closes only the named toast on dismiss', () => {
    const state: Toast[] = [a, { ...b }];
    const next = toastReducer(state, { type: 'dismiss', id: 'b' });
    expect(next.find((t) => t.id === 'a')?.open).toBe(true);
    expect(next.find((t) => t.id === 'b')?.open).toBe(false);
  });

  it('closes every toast when dismiss names none', () => {
    const next = toastReducer([a, b], { type: 'dismiss' });
    expect(next.every((t) => !t.open)).toBe(true);
    expect(next).toHaveLength(2);
  });

  it('removes the named toast, or all of them', () => {
    expect(toastReducer([a, b], { type: 'remove', id: 'a' })).toEqual([b]);
    expect(toastReducer([a, b], { type: 'remove' })).toEqual([]);
  });

  it('does not mutate the state it is given', () => {
    const state: Toast[] = [a];
    toastReducer(state, { type: 'dismiss', id: 'a' });
    expect(state[0]?.open).toBe(true);
  });
});
