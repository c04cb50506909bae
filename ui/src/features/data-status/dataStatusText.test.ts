import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../../common/contracts/data-status.ts';
import { shortMonth } from '../search/searchFormat.ts';
import { checkNote, forcesAsShown, instantLabel } from './dataStatusText.ts';

describe('data status wording', () => {
  it('names a month in short form, as the search page does', () => {
    expect(shortMonth('2024-03', 'en')).toBe('Mar 2024');
    expect(shortMonth('2019-12', 'en')).toBe('Dec 2019');
    // The fixed table of common/search/months.ts, not the platform's Intl data (Node's en-GB
    // writes "Sept 2024").
    expect(shortMonth('2024-09', 'en')).toBe('Sep 2024');
    expect(shortMonth('not a month', 'en')).toBe('not a month');
  });
  it('writes an instant in UTC, and a dash for none', () => {
    expect(instantLabel('2026-11-26T18:05:00.000Z')).toBe('26 Nov 2026, 18:05 UTC');
    expect(instantLabel(null)).toBe('—');
  });
  it('names months the Welsh way on a Welsh page', () => {
    const welsh = shortMonth('2024-11', 'cy');
    expect(welsh).toBe('Tach 2024');
    expect(instantLabel('2026-11-26T18:05:00.000Z', 'cy')).toMatch(/^26 Tach.* 2026.*18:05 UTC$/);
  });
});

describe("the forces' names", () => {
  const forces = [
    { id: 'kent', name: 'Kent Police', months: [] },
    { id: 'south-wales', name: 'South Wales Police', months: [] },
    { id: 'hampshire', name: 'Hampshire Constabulary', months: [] },
  ];

  it('names a Welsh force by its own Welsh name on a Welsh page, in the order of the names shown', () => {
    expect(forcesAsShown(forces, 'cy').map((f) => [f.id, f.name])).toEqual([
      ['hampshire', 'Hampshire Constabulary'],
      ['south-wales', 'Heddlu De Cymru'],
      ['kent', 'Kent Police'],
    ]);
  });

  it('keeps the English names and their order on an English page', () => {
    expect(forcesAsShown(forces, 'en').map((f) => f.name)).toEqual([
      'Hampshire Constabulary',
      'Kent Police',
      'South Wales Police',
    ]);
  });
});

describe('the last check, worded from the status', () => {
  const status = (
    result: CheckResult,
    at: string | null,
    nextCheckAt: string | null,
    latestMonth: string | null,
  ) => ({
    lastCheck: { result, at, message: 'English from the server' },
    nextCheckAt,
    latestMonth,
  });
  const at = '2026-11-26T18:05:00.000Z';

  it('names the newest month held, in the page language', () => {
    expect(checkNote(status('up-to-date', at, at, '2024-11'), 'cy')).toEqual({
      id: 'dataStatus.checkNote.upToDate',
      values: { month: shortMonth('2024-11', 'cy') },
    });
    expect(checkNote(status('imported', at, at, '2024-03'))).toEqual({
      id: 'dataStatus.checkNote.imported',
      values: { month: 'Mar 2024' },
    });
  });

  it('tells "updates on, no check yet" from "updates off"', () => {
    expect(checkNote(status('off', null, at, null)).id).toBe('dataStatus.checkNote.notYet');
    expect(checkNote(status('off', null, null, null)).id).toBe('dataStatus.checkNote.off');
    expect(checkNote(status('off', at, null, '2024-03')).id).toBe('dataStatus.checkNote.off');
  });

  it('never passes on the server sentence', () => {
    for (const result of ['up-to-date', 'imported', 'partial', 'failed', 'off'] as const) {
      const note = checkNote(status(result, at, null, '2024-03'));
      expect(note.id).toMatch(/^dataStatus\.checkNote\./);
      expect(JSON.stringify(note)).not.toContain('English from the server');
    }
  });
});
