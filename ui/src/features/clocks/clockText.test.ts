import { describe, expect, it } from 'vitest';
import {
  GREATER_MANCHESTER_EXCLUSION,
  policeClockDefinition,
  SYNTHETIC_DATA_NOTE,
} from '../../../../common/clock/police-definition.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { everyText as englishEveryText, formatInterval } from '../../../../common/clock/format.ts';
import { categoryName } from './categoryName.ts';
import {
  calendarPeriodText,
  daysUntilText,
  everyText,
  formatDate,
  formatMonth,
  intervalText,
  isSyntheticData,
  otherNotes,
  statusText,
  untilNextText,
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

  it('writes dates, months and the counting period the Welsh way (cy-GB)', () => {
    expect(formatDate('2025-07-24', 'cy')).toBe('24 Gorffennaf 2025');
    expect(formatMonth('2025-06', 'cy')).toBe('Mehefin 2025');
    expect(formatMonth('2026-03', 'cy')).toBe('Mawrth 2026');
    expect(calendarPeriodText(2025, 'cy')).toBe('1 Ion 2025 00:01 i 31 Rhag 2025 23:59');
  });

  it('says when the next update is due in Welsh, with the number form Welsh needs', () => {
    expect(daysUntilText(0, 'cy')).toBe("i'w ddisgwyl nawr");
    expect(daysUntilText(1, 'cy')).toBe('ymhen 1 diwrnod');
    // Two takes the soft mutation (dau ddiwrnod); three and six keep the radical.
    expect(daysUntilText(2, 'cy')).toBe('ymhen 2 ddiwrnod');
    expect(daysUntilText(3, 'cy')).toBe('ymhen 3 diwrnod');
    expect(daysUntilText(12, 'cy')).toBe('ymhen 12 diwrnod');
  });

  it('words every interval in English exactly as the shared formatter does', () => {
    const seconds = [
      0, 0.004, 0.05, 0.25, 1, 3.4, 59.94, 59.96, 61, 252, 3_599.7, 3_600, 23_280, 86_399, 86_400, 90_000,
      183_600, 800_000, 820_800, 3_000_000,
    ];
    for (const s of seconds) {
      expect(intervalText(s), String(s)).toBe(formatInterval(s));
      expect(everyText(1 / (s || 1)), String(s)).toBe(englishEveryText(1 / (s || 1)));
      expect(untilNextText(s), String(s)).toBe(`${formatInterval(s)} until next crime`);
    }
    expect(everyText(0)).toBe('Static');
    expect(untilNextText(12.34)).toBe('12.3 seconds until next crime');
    expect(untilNextText(16_973.3)).toBe('4 h 43 min until next crime');
    expect(untilNextText(null)).toBe('Static');
    expect(everyText(1 / 4, 'exposure')).toBe('1 exposure every 4.0 seconds');
    expect(everyText(1 / 4, 'person')).toBe('1 person affected every 4.0 seconds');
  });

  it('words intervals and the pace in Welsh', () => {
    expect(intervalText(3.4, 'cy')).toBe('3.4 eiliad');
    expect(intervalText(252, 'cy')).toBe('4 munud 12 eiliad');
    expect(intervalText(2 * 60 + 5, 'cy')).toBe('2 funud 5 eiliad');
    expect(intervalText(23_280, 'cy')).toBe('6 awr 28 munud');
    expect(intervalText(2 * 86_400 + 3 * 3_600, 'cy')).toBe('2 ddiwrnod 3 awr');
    expect(intervalText(12 * 86_400, 'cy')).toBe('12 diwrnod');
    expect(everyText(1 / 3.4, 'crime', 'cy')).toBe('Un drosedd bob 3.4 eiliad');
    expect(everyText(0, 'crime', 'cy')).toBe('Sefydlog');
    expect(untilNextText(12.5, 'crime', 'cy')).toBe('12.5 eiliad tan y drosedd nesaf');
    expect(untilNextText(12.5, 'exposure', 'cy')).toBe('12.5 eiliad tan yr amlygiad nesaf');
    expect(statusText('polling', 'cy')).toBe('All-lein – yn diweddaru bob 5 munud');
    expect(statusText('polling', 'cy', true)).toBe('All-lein');
    expect(statusText('live', 'en')).toBe('Live');
  });

  it('names categories in Welsh: police.uk ones from the glossary, the survey’s from the messages', () => {
    expect(categoryName('police', 'burglary', 'Burglary', 'cy')).toBe('Bwrgleriaeth');
    expect(categoryName('csew', 'fraud', 'Fraud', 'cy')).toBe('Twyll');
    expect(categoryName('csew', 'domestic-burglary', 'Domestic burglary', 'cy')).toBe(
      'Bwrgleriaeth ddomestig',
    );
    expect(categoryName('csew', 'fraud', 'Fraud', 'en')).toBe('Fraud');
    // A category added to the figures later, with no Welsh yet, keeps the name it came with.
    expect(categoryName('csew', 'new-kind', 'New kind', 'cy')).toBe('New kind');
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

  it("leaves out each excluded force's note by the note the definition writes, not by its first words", () => {
    const meta = police(false).meta;
    const renamed = { ...GREATER_MANCHESTER_EXCLUSION, name: 'GMP' };
    // A note that only begins like an excluded force's is the data's own, and stays.
    const lookalike = 'Greater Manchester Police is not included in the March figures only.';
    expect(otherNotes({ ...meta, notes: [...meta.notes, lookalike] })).toEqual([lookalike]);
    expect(otherNotes({ ...meta, excludedForces: [renamed] })).toEqual(meta.notes);
  });
});
