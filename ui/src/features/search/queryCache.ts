/**
 * The search page's read cache, with the specification's data-cache rules: an answer is kept for
 * good (never stale), a failure is not retried on its own, nothing is refetched on focus or polled.
 * A read runs only while some component asks for its key, which is how "load only while shown"
 * and "the forces list only for force or neighbourhood searches" are expressed.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useEffectEvent } from 'react';

export type QueryState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

interface Entry {
  state: QueryState<unknown>;
  controller: AbortController;
}

export const queryEntriesAtom = atom<ReadonlyMap<string, Entry>>(new Map());

function withEntry(entries: ReadonlyMap<string, Entry>, key: string, entry: Entry | undefined) {
  const next = new Map(entries);
  if (entry) next.set(key, entry);
  else next.delete(key);
  return next;
}

/** Forgets (and aborts) every read whose key starts with `prefix`: the next reader fetches afresh. */
export const clearQueriesAtom = atom(null, (get, set, prefix: string) => {
  const next = new Map(get(queryEntriesAtom));
  for (const [key, entry] of next) {
    if (!key.startsWith(prefix)) continue;
    entry.controller.abort();
    next.delete(key);
  }
  set(queryEntriesAtom, next);
});

export const startQueryAtom = atom(
  null,
  (get, set, key: string, load: (signal: AbortSignal) => Promise<unknown>) => {
    if (get(queryEntriesAtom).has(key)) return;
    const controller = new AbortController();
    const entry: Entry = { state: { status: 'loading' }, controller };
    set(queryEntriesAtom, withEntry(get(queryEntriesAtom), key, entry));
    // Only the read that is still the cached one for its key may record its answer: a cleared
    // read that answers late must not bring old results back.
    const settle = (state: QueryState<unknown>) => {
      if (get(queryEntriesAtom).get(key) !== entry) return;
      set(queryEntriesAtom, withEntry(get(queryEntriesAtom), key, { state, controller }));
    };
    load(controller.signal).then(
      (data) => settle({ status: 'success', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) settle({ status: 'error', error });
      },
    );
  },
);

/**
 * The cached state of the read named `key`, starting it when nobody has yet. `key` null means
 * "not wanted now" and reads nothing. The key must name everything `load` depends on.
 */
export function useQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): QueryState<T> | undefined {
  const entries = useAtomValue(queryEntriesAtom);
  const start = useSetAtom(startQueryAtom);
  const entry = key === null ? undefined : entries.get(key);
  const missing = key !== null && entry === undefined;
  const startLoad = useEffectEvent((wanted: string) => start(wanted, load));
  useEffect(() => {
    if (key === null || !missing) return;
    // One task later, and only if still wanted: a new search clears the cache a moment before
    // the URL names it, and the search on its way out must not be fetched again meanwhile.
    const timer = setTimeout(() => startLoad(key));
    return () => clearTimeout(timer);
  }, [key, missing]);
  return entry?.state as QueryState<T> | undefined;
}
