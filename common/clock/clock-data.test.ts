import { describe, expect, it } from 'vitest';
import { CSEW_CLOCK_DEFINITION } from '../survey/csew-clock.ts';
import {
  clockModelsFor,
  daysUntilFirstWeekOfMonth,
  daysUntilLondonDate,
  definitionVersion,
  toClockData,
} from './clock-data.ts';
import { clockAt } from './model.ts';

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: 'numeric',
  hourCycle: 'h23',
});

describe('toClockData for the survey clock', () => {
  const t = Date.parse('2025-07-10T19:30:00Z');
  const data = toClockData(CSEW_CLOCK_DEFINITION, t);

  it('derives the specification fields from the definition', () => {
    const reading = clockAt(clockModelsFor(CSEW_CLOCK_DEFINITION).incidents, t);
    expect(data.clock).toBe('csew');
    expect(data.year).toBe(2025);
    expect(data.totalCrimes).toBe(Math.floor(reading.total));
    expect(data.crimesPerSecond).toBeCloseTo(
      data.categoryBreakdown.reduce((s, c) => s + c.perSecond, 0),
      12,
    );
    expect(data.categoryBreakdown).toHaveLength(13);
    expect(data.categoryBreakdown.find((c) => c.id === 'violence-with-injury')?.isInPeakPeriod).toBe(true);
    expect(data.currentUKHour).toBe(Number(hourFormat.format(t)));
    expect(data.areaName).toBe('England and Wales');
    expect(data.latestDataMonth).toBeNull();
    expect(data.at).toBe('2025-07-10T19:30:00.000Z');
  });

  it('adds the prevalence part, separate from the incident total', () => {
    const p = data.prevalence!;
    expect(p.prevalenceBreakdown.map((c) => c.name)).toEqual([
      'Domestic abuse',
      'Sexual assault',
      'Stalking',
      'Harassment',
      'Sexual violence',
    ]);
    // Constant rate: people per year over the seconds of 2025.
    expect(p.prevalenceBreakdown[0]!.perSecond).toBeCloseTo(3_800_000 / (365 * 86_400), 12);
    expect(p.nextUpdateDate).toBe('2025-10-23');
    expect(p.dataSource).toMatch(/Crime Survey for England and Wales/);
  });

  it('counts days to the next survey release in London days', () => {
    expect(toClockData(CSEW_CLOCK_DEFINITION, Date.parse('2025-10-20T12:00:00Z')).daysUntilNextUpdate).toBe(
      3,
    );
    expect(toClockData(CSEW_CLOCK_DEFINITION, Date.parse('2025-10-22T23:30:00Z')).daysUntilNextUpdate).toBe(
      0,
    );
    expect(toClockData(CSEW_CLOCK_DEFINITION, Date.parse('2026-01-01T00:00:00Z')).daysUntilNextUpdate).toBe(
      0,
    );
  });

  it('gives the same result from a definition received as JSON', () => {
    const received = JSON.parse(JSON.stringify(CSEW_CLOCK_DEFINITION));
    expect(toClockData(received, t)).toEqual(data);
  });
});

describe('dates', () => {
  it('counts whole London days across the clock changes', () => {
    expect(daysUntilLondonDate('2025-04-01', Date.parse('2025-03-29T12:00:00Z'))).toBe(3);
    // 23:30Z on 25 October is already 26 October in London.
    expect(daysUntilLondonDate('2025-10-27', Date.parse('2025-10-25T23:30:00Z'))).toBe(1);
    expect(daysUntilLondonDate('not a date', 0)).toBeNull();
  });

  it('counts to the first week of the next month for police data', () => {
    expect(daysUntilFirstWeekOfMonth(Date.parse('2025-11-03T12:00:00Z'))).toBe(0);
    expect(daysUntilFirstWeekOfMonth(Date.parse('2025-11-21T12:00:00Z'))).toBe(10);
    expect(daysUntilFirstWeekOfMonth(Date.parse('2025-12-20T12:00:00Z'))).toBe(12);
    // 31 March 23:30Z is 1 April 00:30 BST: already inside the first week.
    expect(daysUntilFirstWeekOfMonth(Date.parse('2025-03-31T23:30:00Z'))).toBe(0);
  });
});

describe('definition versions', () => {
  it('is stable for the same content and changes with any figure', () => {
    const { version: _v, ...content } = CSEW_CLOCK_DEFINITION;
    expect(definitionVersion(content)).toBe(CSEW_CLOCK_DEFINITION.version);
    const changed = {
      ...content,
      categories: content.categories.map((c, i) => (i === 0 ? { ...c, annualCount: c.annualCount + 1 } : c)),
    };
    expect(definitionVersion(changed)).not.toBe(CSEW_CLOCK_DEFINITION.version);
    expect(CSEW_CLOCK_DEFINITION.version).toMatch(/^csew-[0-9a-f]{16}$/);
  });
});
