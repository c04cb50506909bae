import { describe, expect, it } from 'vitest';
import {
  GREATER_MANCHESTER_EXCLUSION,
  policeClockDefinition,
  SYNTHETIC_DATA_NOTE,
} from '../../../../common/clock/police-definition.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import {
  calendarPeriodText,
  daysUntilText,
  formatDate,
  formatMonth,
  isSyntheticData,
  otherNotes,
} from './clockText.ts';

function police(synthetic: boolean) {
  return policeClockDefinition({
    categoryCounts: [{ slug: 'burglary', count: 600 }],
    months: 6,
    latestDataMonth: '2025-09',
    excludedForces: [GREATER_MANCHESTER_EXCLUSION],
    lastUpdated: '2025-10-30T09:15:00Z',
    synthetic,
  });
}

describe('clock page text', () => {
  it('writes dates the en-GB way, date-times in London time', () => {
    expect(formatDate('2025-07-24')).toBe('24 July 2025');
    // 24 July is in British Summer Time: 23:30 UTC is 00:30 the next day in London.
    expect(formatDate('2025-07-24T23:30:00Z')).toBe('25 July 2025 at 00:30');
    expect(formatDate('2025-12-24T23:30:00Z')).toBe('24 December 2025 at 23:30');
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes a data month as long month and year', () => {
    expect(formatMonth('2025-06')).toBe('June 2025');
    expect(formatMonth('2025-13')).not.toBe('');
  });

  it('gives the survey footer its period for the year being counted', () => {
    expect(calendarPeriodText(2025)).toBe('1 Jan 2025 00:01 to 31 Dec 2025 23:59');
  });

  it('says when the next update is due', () => {
    expect(daysUntilText(null)).toBeNull();
    expect(daysUntilText(0)).toBe('due now');
    expect(daysUntilText(1)).toBe('in 1 day');
    expect(daysUntilText(12)).toBe('in 12 days');
  });

  it('recognises synthetic police data by its note', () => {
    expect(isSyntheticData(police(true).meta)).toBe(true);
    expect(isSyntheticData(police(false).meta)).toBe(false);
    expect(isSyntheticData(CSEW_CLOCK_DEFINITION.meta)).toBe(false);
  });

  it('lists the notes that have no place of their own on the page', () => {
    const meta = police(true).meta;
    expect(meta.notes).toContain(SYNTHETIC_DATA_NOTE);
    expect(otherNotes(meta)).toEqual([]);
    const withExtra = { ...meta, notes: [...meta.notes, 'Counts for March are provisional.'] };
    expect(otherNotes(withExtra)).toEqual(['Counts for March are provisional.']);
  });
});
