import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import Value from 'typebox/value';
import { ClockDefinitionSchema, type Same } from './clocks.ts';
import { YEAR_MONTH_PATTERN } from './month.ts';

// Type-level checks: tsc fails on a line below when `Same` stops telling the two types apart (an
// unused @ts-expect-error is itself an error), so the tie between ClockCategoryInput and its
// schema holds both ways.
type Base = { readonly id: string };

describe('Same, the tie of a hand-written type to its schema', () => {
  it('holds for identical types and fails for a field either side lacks', () => {
    const identical: Same<Base, { readonly id: string }> = true;
    // @ts-expect-error an optional field only the type has
    const extraInType: Same<Base & { readonly extra?: string }, Base> = true;
    // @ts-expect-error an optional field only the schema has
    const extraInSchema: Same<Base, { readonly id: string; readonly extra?: string }> = true;
    // @ts-expect-error readonly on one side only
    const writable: Same<Base, { id: string }> = true;
    expect([identical, extraInType, extraInSchema, writable]).toEqual([true, true, true, true]);
  });
});

describe('clock schemas', () => {
  it('check a month cause against the one YYYY-MM pattern', () => {
    const definition = (since: string) => ({
      clock: 'police',
      version: 'v1',
      categories: [],
      meta: {
        areaName: 'England and Wales',
        dataMethod: 'm',
        dataSource: 's',
        latestDataMonth: '2025-06',
        lastUpdated: '2025-07-01',
        nextUpdate: 'n',
        nextUpdateRule: 'first-week-of-month',
        nextUpdateDate: null,
        excludedForces: [
          { id: 'gmp', name: 'GMP', reason: 'r', cause: { kind: 'stopped-publishing', since } },
        ],
        notes: [],
      },
    });
    expect(Value.Check(ClockDefinitionSchema, definition('2019-07'))).toBe(true);
    expect(Value.Check(ClockDefinitionSchema, definition('July 2019'))).toBe(false);
    expect(Value.Check(Type.String({ pattern: YEAR_MONTH_PATTERN }), '2019-7')).toBe(false);
  });
});
