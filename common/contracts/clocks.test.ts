import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import Value from 'typebox/value';
import { ClockDefinitionSchema } from './clocks.ts';
import { YEAR_MONTH_PATTERN } from './month.ts';

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
    for (const notAMonth of ['2019-7', '2019-00', '2019-13'])
      expect(Value.Check(Type.String({ pattern: YEAR_MONTH_PATTERN }), notAMonth), notAMonth).toBe(false);
  });
});
