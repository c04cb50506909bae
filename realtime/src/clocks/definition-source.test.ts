import { describe, expect, it, vi } from 'vitest';
import { policeClockDefinition } from '../../../common/clock/police-definition.ts';
import { clockAnswerFor } from '../../../tests/support/clock-answer.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../common/survey/csew-clock.ts';
import { backOffDelay } from '../../../common/retry/back-off.ts';
import { createApiReader } from '../api-client/api-reader.ts';
import { createDefinitionSource, type DefinitionSourceOptions } from './definition-source.ts';

const police = policeClockDefinition({
  categoryCounts: [{ slug: 'burglary', count: 1000 }],
  months: 12,
  latestDataMonth: '2026-09',
  excludedForces: [],
  lastUpdated: '2026-11-01T00:00:00Z',
  areaName: 'England and Wales',
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API double answering each path with what `answers` holds for it now. */
function apiDouble(answers: Record<string, () => Response>) {
  const paths: string[] = [];
  const fetch = (async (url: string) => {
    const path = new URL(url).pathname;
    paths.push(path);
    return answers[path]?.() ?? json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, paths };
}

function source(fetch: typeof globalThis.fetch) {
  const warn = vi.fn();
  const logger = { warn, info: vi.fn() } as unknown as DefinitionSourceOptions['logger'];
  return {
    warn,
    definitions: createDefinitionSource({
      readApi: createApiReader({ apiUrl: 'http://api.test', fetch }),
      logger,
    }),
  };
}

describe('the clock definition source', () => {
  it("reads both clocks at their contracts' paths and takes a well-formed answer", async () => {
    const api = apiDouble({
      '/api/csew-clock': () => json(clockAnswerFor(CSEW_CLOCK_DEFINITION)),
      '/api/police-clock': () => json(clockAnswerFor(police)),
    });
    const { definitions } = source(api.fetch);
    await definitions.refresh();
    expect(api.paths.sort()).toEqual(['/api/csew-clock', '/api/police-clock']);
    expect(definitions.current('police')).toEqual(police);
  });

  it('logs a malformed answer and keeps the definition it had', async () => {
    let malformed = false;
    const api = apiDouble({
      '/api/csew-clock': () => json(clockAnswerFor(CSEW_CLOCK_DEFINITION)),
      '/api/police-clock': () =>
        json(
          malformed
            ? { ...clockAnswerFor(police), definition: { ...police, version: 'next', categories: null } }
            : clockAnswerFor(police),
        ),
    });
    const { definitions, warn } = source(api.fetch);
    await definitions.refresh();
    malformed = true;
    const changed = vi.fn();
    definitions.onChange(changed);
    await definitions.refresh();
    expect(definitions.current('police')).toEqual(police);
    expect(changed).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /police clock .*malformed answer from \/api\/police-clock: \/definition\/categories/,
      ),
    );
  });

  it('tells an empty store (503 NO_POLICE_DATA) from an API that cannot answer', async () => {
    let code = 'UNAVAILABLE';
    const api = apiDouble({
      '/api/csew-clock': () => json(clockAnswerFor(CSEW_CLOCK_DEFINITION)),
      '/api/police-clock': () => json({ success: false, error: 'No police data', code }, 503),
    });
    const { definitions } = source(api.fetch);
    await definitions.refresh();
    expect(definitions.answeredEmpty?.('police')).toBe(false);
    code = 'NO_POLICE_DATA';
    await definitions.refresh();
    expect(definitions.answeredEmpty?.('police')).toBe(true);
    expect(definitions.current('police')).toBeUndefined();
  });

  it("asks again for police data it has not got on the product's back-off, then at the refresh interval", async () => {
    vi.useFakeTimers();
    try {
      let loaded = false;
      const api = apiDouble({
        '/api/csew-clock': () => json(clockAnswerFor(CSEW_CLOCK_DEFINITION)),
        '/api/police-clock': () =>
          loaded
            ? json(clockAnswerFor(police))
            : json({ success: false, error: 'No police data', code: 'NO_POLICE_DATA' }, 503),
      });
      const logger = { warn: vi.fn(), info: vi.fn() } as unknown as DefinitionSourceOptions['logger'];
      const definitions = createDefinitionSource({
        readApi: createApiReader({ apiUrl: 'http://api.test', fetch: api.fetch }),
        logger,
        retryMs: 1000,
        refreshMs: 20_000,
        versionPollMs: 3_600_000,
        random: () => 1,
      });
      const asked: number[] = [];
      const start = Date.now();
      const policeAsks = () => api.paths.filter((path) => path === '/api/police-clock').length;
      definitions.start();
      for (let second = 0; second <= 75; second++) {
        await vi.advanceTimersByTimeAsync(second === 0 ? 0 : 1000);
        while (asked.length < policeAsks()) asked.push(Date.now() - start);
        if (second === 20) loaded = true;
      }
      definitions.stop();
      const waits = asked.slice(1).map((at, i) => at - asked[i]!);
      const backOff = { baseMs: 1000, maxMs: 20_000 };
      // 1, 2, 4, 8 and 16 s; the answer with the data (at 31 s) ends the back-off: then every 20 s.
      expect(waits.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((n) => backOffDelay(n, backOff)));
      expect(waits.slice(5)).toEqual([20_000, 20_000]);
      expect(definitions.current('police')).toEqual(police);
    } finally {
      vi.useRealTimers();
    }
  });
});
