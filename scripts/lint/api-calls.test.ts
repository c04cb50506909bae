import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFiles, withoutComments } from './source-files.ts';

/**
 * docs/architecture.md: the UI calls the API through the contracts, a change it sends is a
 * mutation and what the server says is kept by TanStack Query (or atoms), "no UI
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

/** A call to fetch itself, also as `window.fetch`/`globalThis.fetch` (not `refetch`, not a word in a string). */
const FETCH_CALL = /(?:(?<![\w.'"`])|(?<=\b(?:window|globalThis|self)\.))fetch\s*\(/;

/** A call of the UI's caller (`call`, `callEndpoint` of ui/src/shared/api.ts), not d3's `.call(`. */
const API_CALL = /(?<![\w.])(?:call|callEndpoint)\s*\(/;

/**
 * Where the UI calls its API, each handing the call to the state that keeps its answer (TanStack
 * Query or jotai, docs/architecture.md): the query and mutation helpers' queryFn and mutationFn, and
 * API modules whose functions only a query, a mutation or atoms run.
 */
const API_CALLERS = {
  'ui/src/shared/queries.ts': 'useEndpointQuery and useEndpointMutation: their queryFn and mutationFn',
  'ui/src/features/search/searchQueries.ts': "the search page's queries: their queryFn",
  'ui/src/features/search/postcodeSuggestions.ts': "the postcode suggestions' queryFn (PostcodeCombobox)",
  'ui/src/features/contact/contactApi.ts': "the send dialog's mutation (useSendDialog)",
  'ui/src/features/auth/adminApi.ts': "the admin session's atoms and the login mutation (LoginCard)",
  'ui/src/features/clocks/clockFeed.ts': 'the clocks feed, which writes its answers into atoms',
} as const;

/** The helpers that call in their queryFn/mutationFn only: every line calling there names one. */
const QUERY_HELPERS = ['ui/src/shared/queries.ts', 'ui/src/features/search/searchQueries.ts'];

/** A hook whose state is a query or a mutation (useSendDialog: contact/SendDialog.tsx, a mutation). */
const QUERY_OR_MUTATION_HOOK = /\buse\w*(?:Query|Mutation)\s*\(|\buseSendDialog\s*\(/;

/** The modules a file imports a value (not only types) from: their paths as written. */
function valueImports(text: string): string[] {
  return [...text.matchAll(/import\s+(?!type\b)[^;]*?from\s+'([^']+)'/g)].map((m) => m[1]!);
}

/** A path of the API written out as a string rather than taken from its contract. */
const API_PATH_LITERAL = /['"`]\/api\//;

/** A cast of what came back: `(await x.json()) as T`, `(await call(...)) as T`, `<T>` on either. */
const ANSWER_CAST = /(?:\.json\(\)|\bcall\s*\([^;]*?\)|\breadApi\s*\([^;]*?\))\s*\)?\s*as\s+(?!const\b)\w/;

describe('the UI calls the API through the contracts', () => {
  it('the UI fetches only in its one caller, ui/src/shared/api.ts', () => {
    expect(offenders(['ui/src'], FETCH_CALL, [UI_CALLER])).toEqual([]);
  });

  it('the UI calls its API only where a query, a mutation or atoms keep the answer', () => {
    const callers = offenders(['ui/src'], API_CALL, [UI_CALLER]);
    expect(callers.sort()).toEqual(Object.keys(API_CALLERS).sort());
    for (const helper of QUERY_HELPERS) {
      const outside = code(helper)
        .split('\n')
        .filter((line) => API_CALL.test(line) && !/\b(?:queryFn|mutationFn)\b/.test(line));
      expect(outside, helper).toEqual([]);
    }
  });

  it("a component that imports an API module's function keeps its answer in a query or mutation", () => {
    // Every module that calls the API, listed or not: a new one is held to this too.
    const apiModules = new Set(offenders(['ui/src'], API_CALL, [UI_CALLER, ...QUERY_HELPERS]));
    const bare = productFiles(REPO, ['ui/src']).filter((file) => {
      if (!file.endsWith('.tsx')) return false;
      const text = code(file);
      const usesApi = valueImports(text).some((from) => apiModules.has(join(dirname(file), from)));
      return usesApi && !QUERY_OR_MUTATION_HOOK.test(text);
    });
    expect(bare).toEqual([]);
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
    expect(FETCH_CALL.test('const r = await window.fetch(url)')).toBe(true);
    expect(FETCH_CALL.test('const r = await globalThis.fetch(url)')).toBe(true);
    expect(FETCH_CALL.test('void query.refetch()')).toBe(false);
    expect(FETCH_CALL.test("say('fetch(url)')")).toBe(false);
    expect(API_CALL.test('const body = await call(GetForces);')).toBe(true);
    expect(API_CALL.test('queryFn: () => callEndpoint(endpoint, request)')).toBe(true);
    expect(API_CALL.test("svg.append('g').call(axis)")).toBe(false);
    expect(QUERY_OR_MUTATION_HOOK.test('const save = useEndpointMutation(Save, []);')).toBe(true);
    expect(QUERY_OR_MUTATION_HOOK.test('const found = useQuery({ queryKey, queryFn });')).toBe(true);
    expect(QUERY_OR_MUTATION_HOOK.test('const [state, setState] = useState(idle);')).toBe(false);
    expect(valueImports("import { a, type B } from './x.ts';\nimport type { C } from './y.ts';")).toEqual([
      './x.ts',
    ]);
    expect(API_PATH_LITERAL.test("const PATH = '/api/police-clock';")).toBe(true);
    expect(ANSWER_CAST.test('const body = (await response.json()) as ClockAnswer;')).toBe(true);
    expect(ANSWER_CAST.test('const a = (await call(GetForces, {})) as Forces;')).toBe(true);
    expect(ANSWER_CAST.test('const a = await call(GetForces, {});')).toBe(false);
    expect(ANSWER_CAST.test("const kinds = ['a', 'b'] as const;")).toBe(false);
  });
});
