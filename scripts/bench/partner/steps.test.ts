import { describe, expect, it } from 'vitest';
import {
  ArgsError,
  exactnessProblem,
  formatCpu,
  formatStep,
  parseRates,
  parseThroughputArgs,
  rateHeld,
  serverTotals,
  stepHeld,
  type StepResult,
} from './steps.ts';

const step = (rate: number, p99: number, extra: Partial<StepResult> = {}): StepResult => ({
  rate,
  seconds: 20,
  sent: rate * 20,
  ok: rate * 20,
  p50: p99 / 4,
  p95: p99 / 2,
  p99,
  max: p99 * 2,
  sendLagP99: 1,
  errors: [],
  ...extra,
});

describe('partner throughput command line', () => {
  it('has defaults and reads each option', () => {
    const args = parseThroughputArgs([]);
    expect(args.rates).toEqual([25, 50, 75, 100, 150, 200, 300, 400]);
    expect(args).toMatchObject({ stepSeconds: 20, p99Ms: 50, limit: 200, burst: 600, help: false });
    expect(parseThroughputArgs(['--rates', '10, 20', '--step-seconds', '2.5', '--help'])).toMatchObject({
      rates: [10, 20],
      stepSeconds: 2.5,
      help: true,
    });
  });

  it('refuses rates that do not rise, out of bounds, and a burst not above the limit', () => {
    expect(() => parseRates('50,25')).toThrow(/must go up/);
    expect(() => parseRates('0')).toThrow(ArgsError);
    expect(() => parseRates('5000')).toThrow(ArgsError);
    expect(() => parseThroughputArgs(['--limit', '200', '--burst', '200'])).toThrow(/must exceed/);
    expect(() => parseThroughputArgs(['--unknown'])).toThrow(ArgsError);
  });
});

describe('steps held', () => {
  it('holds only with every request answered 200 and p99 under the bound', () => {
    expect(stepHeld(step(100, 49.9), 50)).toBe(true);
    expect(stepHeld(step(100, 50), 50)).toBe(false);
    expect(stepHeld(step(100, 10, { errors: [{ kind: 'timeout', count: 1 }] }), 50)).toBe(false);
    expect(stepHeld(step(100, 10, { ok: 1999 }), 50)).toBe(false);
    expect(stepHeld(step(100, 10, { sent: 0, ok: 0 }), 50)).toBe(false);
  });

  it('the rate held is the highest step that held', () => {
    expect(rateHeld([step(25, 5), step(50, 8), step(100, 70)], 50)?.rate).toBe(50);
    expect(rateHeld([step(25, 60)], 50)).toBeUndefined();
  });

  it('prints a step with its figures and verdict', () => {
    const line = formatStep(step(100, 12.34, { errors: [{ kind: 'HTTP 502', count: 2 }] }), 50);
    expect(line).toContain('100 req/s asked: 100.0 sent/s, 100.0 ok/s');
    expect(line).toContain('p99 12.3 ms');
    expect(line).toContain('2 errors: HTTP 502 ×2 => NOT held');
    expect(formatStep(step(25, 5), 50)).toMatch(/no errors => held$/);
  });
});

describe('daily limit exactness', () => {
  it('is exact only when exactly the limit passed and all the rest were refused', () => {
    expect(exactnessProblem(200, { calls: 600, ok: 200, refused: 400, other: [] })).toBeUndefined();
    expect(exactnessProblem(200, { calls: 600, ok: 201, refused: 399, other: [] })).toBe(
      'expected 200 answered 200 and 400 refused with 429, got 201 and 399',
    );
    expect(
      exactnessProblem(200, { calls: 600, ok: 200, refused: 399, other: [{ kind: 'timeout', count: 1 }] }),
    ).toContain('and 1 other answers (timeout ×1)');
  });
});

describe('printing and reading', () => {
  it('prints CPU per process', () => {
    expect(
      formatCpu([
        { name: 'api-1', percent: 85.4 },
        { name: 'proxy', percent: 9.6 },
      ]),
    ).toBe('api-1 85 %, proxy 10 %');
  });

  it("reads each server's request total of one backend from HAProxy's CSV", () => {
    const csv = [
      '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin',
      'http,FRONTEND,,,0,1,,10,0',
      'api,api-1,0,0,0,1,,4,0',
      'api,api-2,0,0,0,1,,6,0',
      'api,BACKEND,0,0,0,1,,10,0',
      'realtime,realtime-1,0,0,0,1,,3,0',
      '',
    ].join('\n');
    expect([...serverTotals(csv, 'api')]).toEqual([
      ['api-1', 4],
      ['api-2', 6],
    ]);
  });
});
