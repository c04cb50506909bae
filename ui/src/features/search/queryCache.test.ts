import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { clearQueriesAtom, queryEntriesAtom, startQueryAtom } from './queryCache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const stateOf = (store: ReturnType<typeof createStore>, key: string) =>
  store.get(queryEntriesAtom).get(key)?.state;

describe('query cache', () => {
  it('loads once per key and keeps the answer', async () => {
    const store = createStore();
    const answer = deferred<number>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return answer.promise;
    };
    store.set(startQueryAtom, 'a', load);
    store.set(startQueryAtom, 'a', load);
    expect(stateOf(store, 'a')).toEqual({ status: 'loading' });
    answer.resolve(42);
    await answer.promise;
    expect(stateOf(store, 'a')).toEqual({ status: 'success', data: 42 });
    store.set(startQueryAtom, 'a', load);
    expect(calls).toBe(1);
  });

  it('keeps a failure without retrying it', async () => {
    const store = createStore();
    const answer = deferred<number>();
    store.set(startQueryAtom, 'b', () => answer.promise);
    answer.reject(new Error('down'));
    await answer.promise.catch(() => {});
    await Promise.resolve();
    expect(stateOf(store, 'b')).toMatchObject({ status: 'error' });
  });

  it('forgets and aborts cleared reads, and a late answer does not come back', async () => {
    const store = createStore();
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    store.set(startQueryAtom, 'search:1', (s) => {
      signal = s;
      return answer.promise;
    });
    store.set(startQueryAtom, 'forces', () => Promise.resolve('kept'));
    store.set(clearQueriesAtom, 'search:');
    expect(signal?.aborted).toBe(true);
    expect(store.get(queryEntriesAtom).has('search:1')).toBe(false);
    answer.resolve('late');
    await answer.promise;
    await Promise.resolve();
    expect(store.get(queryEntriesAtom).has('search:1')).toBe(false);
    expect(store.get(queryEntriesAtom).has('forces')).toBe(true);
  });
});
