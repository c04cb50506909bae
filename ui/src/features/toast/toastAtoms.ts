import { atom } from 'jotai';
import {
  createToast,
  toastReducer,
  TOAST_REMOVE_DELAY,
  type Toast,
  type ToastOptions,
} from './toastState.ts';

export const toastsAtom = atom<Toast[]>([]);

let lastId = 0;
function nextId(): string {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${lastId}`;
}

// Timers live here rather than in a component so a toast behaves the same whether or not the
// Toaster happens to be mounted, and so the timing can be tested against a bare jotai store.
const autoDismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function clearTimer(timers: Map<string, ReturnType<typeof setTimeout>>, id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export const dismissToastAtom = atom(null, (get, set, id?: string) => {
  const targets = get(toastsAtom).filter((t) => t.open && (id === undefined || t.id === id));
  set(toastsAtom, toastReducer(get(toastsAtom), { type: 'dismiss', id }));
  for (const t of targets) {
    clearTimer(autoDismissTimers, t.id);
    if (removeTimers.has(t.id)) continue;
    removeTimers.set(
      t.id,
      setTimeout(() => {
        removeTimers.delete(t.id);
        set(toastsAtom, toastReducer(get(toastsAtom), { type: 'remove', id: t.id }));
      }, TOAST_REMOVE_DELAY),
    );
  }
});

export const showToastAtom = atom(null, (get, set, options: ToastOptions): string => {
  const toast = createToast(nextId(), options);
  const before = get(toastsAtom);
  const after = toastReducer(before, { type: 'add', toast });
  set(toastsAtom, after);
  // A replaced toast is already gone from state: its pending timers must not fire later.
  for (const old of before) {
    if (after.some((t) => t.id === old.id)) continue;
    clearTimer(autoDismissTimers, old.id);
    clearTimer(removeTimers, old.id);
  }
  if (Number.isFinite(toast.duration)) {
    autoDismissTimers.set(
      toast.id,
      setTimeout(() => set(dismissToastAtom, toast.id), Math.max(0, toast.duration)),
    );
  }
  return toast.id;
});
