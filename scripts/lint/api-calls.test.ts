import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFiles, withoutComments } from './source-files.ts';

/**
 * docs/architecture.md: the UI calls the API through the contracts, "no UI
 * code casts an answer", and "an area's clock is fetched one way". These read the source for the
 * shapes that would break those claims, so a second way in fails here rather than in review.
 */
const REPO = new URL('../..', import.meta.url).pathname;

const code = (file: string) => withoutComments(readFileSync(join(REPO, file), 'utf8'));

/** Files of `folders` whose code matches `pattern`, less those `allowed`. */
function offenders(folders: string[], pattern: RegExp, allowed: readonly string[] = []): string[] {
  return productFiles(REPO, folders).filter((file) => !allowed.includes(file) && pattern.test(code(file)));
}

/** The UI's one caller of the API (`call`). */
const UI_CALLER = 'ui/src/shared/api.ts';

/** A call to fetch itself (not `refetch`, not a word in a string). */
const FETCH_CALL = /(?<![\w.'"`])fetch\s*\(/;

/** A path of the API written out as a string rather than taken from its contract. */
const API_PATH_LITERAL = /['"`]\/api\//;

/** A cast of what came back: `(await x.json()) as T`, `(await call(...)) as T`, `<T>` on either. */
const ANSWER_CAST = /(?:\.json\(\)|\bcall\s*\([^;]*?\)|\breadApi\s*\([^;]*?\))\s*\)?\s*as\s+(?!const\b)\w/;

describe('the UI calls the API through the contracts', () => {
  it('the UI fetches only in its one caller, ui/src/shared/api.ts', () => {
    expect(offenders(['ui/src'], FETCH_CALL, [UI_CALLER])).toEqual([]);
  });

  // The realtime server's own: realtime/src/api-client/one-reader.test.ts.
  it('no path of the API is written out in the UI: it comes from the contract', () => {
    expect(offenders(['ui/src'], API_PATH_LITERAL)).toEqual([]);
  });

  it('no UI or realtime code casts an answer', () => {
    expect(offenders(['ui/src', 'realtime/src'], ANSWER_CAST)).toEqual([]);
  });

  it('an area clock is fetched one way: GetAreaClock, by the browser feed and by realtime area clocks', () => {
    const users = offenders(['ui/src', 'realtime/src'], /\bGetAreaClock\b/);
    expect(users.sort()).toEqual([
      'realtime/src/clocks/area-clocks.ts',
      'ui/src/features/clocks/clockFeed.ts',
    ]);
  });

  it('the patterns see what they are for', () => {
    expect(FETCH_CALL.test('const r = await fetch(url)')).toBe(true);
    expect(FETCH_CALL.test('void refetch()')).toBe(false);
    expect(API_PATH_LITERAL.test("const PATH = '/api/police-clock';")).toBe(true);
    expect(ANSWER_CAST.test('const body = (await response.json()) as ClockAnswer;')).toBe(true);
    expect(ANSWER_CAST.test('const a = (await call(GetForces, {})) as Forces;')).toBe(true);
    expect(ANSWER_CAST.test('const a = await call(GetForces, {});')).toBe(false);
    expect(ANSWER_CAST.test("const kinds = ['a', 'b'] as const;")).toBe(false);
  });
});
