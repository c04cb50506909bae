import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFiles, withoutComments } from '../../../scripts/lint/source-files.ts';

/**
 * docs/architecture.md: "The realtime server reads the API the same way (api-reader.ts)": the path
 * from the contract, the answer checked against its response schema. This test reads realtime's
 * source for the two shapes a read of its own would take, a `fetch` or an API path written out, so
 * one fails here rather than in review.
 */
const REALTIME_SRC = new URL('..', import.meta.url).pathname;
const THE_READER = 'api-client/api-reader.ts';

/** `fetch` itself (called or handed on), not its type or a property or option of that name. */
const FETCH = /(?<![.\w$])(?<!typeof\s+)fetch\b(?!\s*\??\s*:)/;
/** A string or template that starts an API path: the path is the contract's (`endpointUrl`). */
const API_PATH = /['"`]\/api\//;

function offences(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => FETCH.test(line) || API_PATH.test(line))
    .map((line) => line.trim());
}

describe('realtime reads the API through its one reader (docs/architecture.md)', () => {
  const all = productFiles(REALTIME_SRC);
  const code = new Map(
    all.map((module) => [module, withoutComments(readFileSync(join(REALTIME_SRC, module), 'utf8'))]),
  );

  it('finds the reader and its users', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        THE_READER,
        'startup-check.ts',
        'clocks/definition-source.ts',
        'clocks/area-clocks.ts',
      ]),
    );
    expect(offences(code.get(THE_READER)!)).not.toEqual([]);
  });

  it('no module but the reader fetches, or writes out an API path', () => {
    const found = all
      .filter((module) => module !== THE_READER)
      .flatMap((module) => offences(code.get(module)!).map((line) => `${module}: ${line}`));
    expect(found).toEqual([]);
  });

  it('recognises a read of its own, not a mention', () => {
    for (const line of [
      'const res = await fetch(`${apiUrl}${endpointUrl(GetPoliceClock)}`);',
      'const doFetch = options.fetch ?? fetch;',
      "const url = apiUrl + '/api/police-clock';",
      'const POLICE = "/api/police-clock";',
      'await get(`/api/area-clock?area=${id}`);',
    ])
      expect(offences(line), line).toEqual([line]);
    for (const line of [
      'fetch?: typeof fetch;',
      'const doFetch = options.fetch;',
      'async function fetchClock(clock: ClockKind) {}',
      'readApi(GetPoliceClock, undefined, 5000);',
      "const path = '/metrics';",
    ])
      expect(offences(line), line).toEqual([]);
    expect(offences(withoutComments('// GET /api/police-clock, as fetch() would'))).toEqual([]);
  });
});
