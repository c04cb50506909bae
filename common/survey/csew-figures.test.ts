import { describe, expect, it } from 'vitest';
import { CSEW_CLOCK_DEFINITION } from './csew-clock.ts';
import { confirmedUnreported, SURVEY_DATA, surveySummary, type SurveyDataRow } from './csew-figures.ts';
import { BUNDLED_CSEW_FIGURES } from './csew-data.ts';

const ALL_ROWS: SurveyDataRow[] = Object.values(SURVEY_DATA).flat();
const byCrime = (crime: string) => {
  const row = ALL_ROWS.find((r) => r.crime.startsWith(crime));
  if (!row) throw new Error(`no row ${crime}`);
  return row;
};

describe('CSEW figures, year ending March 2025', () => {
  it('holds the figures the specification quotes', () => {
    expect(BUNDLED_CSEW_FIGURES.headlineTotal).toBe(9_400_000);
    expect(byCrime('Fraud')).toMatchObject({ totalCSEW: 4_200_000, unreportedPercent: 92.8 });
    expect(byCrime('Computer misuse')).toMatchObject({ totalCSEW: 692_000, unreportedPercent: 93 });
    expect(byCrime('Domestic abuse (')).toMatchObject({ totalCSEW: 3_800_000, unreportedPercent: 83 });
    expect(byCrime('Sexual violence')).toMatchObject({ totalCSEW: 2_100_000, unreportedPercent: 84 });
    expect(byCrime('Sexual assault').totalCSEW).toBe(900_000);
    expect(byCrime('Stalking').totalCSEW).toBe(1_400_000);
    expect(byCrime('Harassment').totalCSEW).toBe(4_200_000);
    expect(SURVEY_DATA.headline.map((r) => r.crime)).toEqual([
      'Fraud',
      'Computer misuse',
      'Violence with injury',
      'Violence without injury',
      'Criminal damage',
      'Robbery',
    ]);
  });

  it('keeps every row consistent and sourced', () => {
    for (const row of ALL_ROWS) {
      expect(row.source.length, row.crime).toBeGreaterThan(30);
      if (row.status === 'estimate') expect(row.source, row.crime).toMatch(/^Derived estimate/);
      if (row.status === 'specification') expect(row.source, row.crime).toMatch(/product specification/);
      if (typeof row.unreported !== 'number') {
        expect(row.perSecondUnreported).toBeNull();
        continue;
      }
      const total = row.totalCSEW as number;
      expect(row.reported as number, row.crime).toBe(total - row.unreported);
      expect(
        Math.abs(row.unreported - (total * row.unreportedPercent!) / 100),
        row.crime,
      ).toBeLessThanOrEqual(total / 2000);
      expect(row.perSecondUnreported, row.crime).toBeCloseTo(row.unreported / (365 * 86_400), 12);
    }
  });

  it('breaks totals down into parts that add up', () => {
    const [allTheft, ...theft] = SURVEY_DATA.theftCategories;
    expect(allTheft!.totalCSEW).toBe(theft.reduce((s, r) => s + (r.totalCSEW as number), 0));
    const headlineAndTheft = [...SURVEY_DATA.headline, allTheft!].reduce(
      (s, r) => s + (r.totalCSEW as number),
      0,
    );
    expect(headlineAndTheft).toBe(9_400_000);
    const fraudParts = SURVEY_DATA.technologyDetailed.filter((r) => /fraud/i.test(r.crime));
    expect(fraudParts.reduce((s, r) => s + (r.totalCSEW as number), 0)).toBe(4_200_000);
  });

  it('sums the numeric unreported headline values for the viewer summary', () => {
    const expected = [
      [4_200_000, 92.8],
      [692_000, 93],
    ].reduce((s, [total, pct]) => s + Math.round((total! * pct!) / 100), 0);
    const others = SURVEY_DATA.headline.slice(2).reduce((s, r) => s + (r.unreported as number), 0);
    expect(confirmedUnreported()).toBe(expected + others);
    const summary = surveySummary();
    expect(summary.headlineTotal).toBe(9_400_000);
    expect(summary.confirmedUnreported).toBe(expected + others);
    expect(summary.unreportedPerSecond).toBeCloseTo((expected + others) / 31_536_000, 12);
    const text = { ...SURVEY_DATA.headline[0]!, unreported: 'Not published' };
    expect(confirmedUnreported([text, SURVEY_DATA.headline[1]!])).toBe(SURVEY_DATA.headline[1]!.unreported);
  });
});

describe('CSEW clock inputs', () => {
  const incidents = CSEW_CLOCK_DEFINITION.categories;
  const prevalence = CSEW_CLOCK_DEFINITION.prevalence ?? [];

  it('adds the incident categories up to the headline total, with unique ids', () => {
    expect(incidents.reduce((s, c) => s + c.annualCount, 0)).toBe(9_400_000);
    expect(new Set(incidents.map((c) => c.id)).size).toBe(incidents.length);
    const violence = incidents.find((c) => c.id === 'violence-with-injury');
    expect(violence?.peak).toMatchObject({ peakMultiplier: 1.83, offPeakMultiplier: 0.59 });
  });

  it('counts people at a constant rate in the prevalence clock', () => {
    expect(prevalence.map((c) => [c.id, c.annualCount])).toEqual([
      ['domestic-abuse', 3_800_000],
      ['sexual-assault', 900_000],
      ['stalking', 1_400_000],
      ['harassment', 4_200_000],
      ['sexual-violence', 2_100_000],
    ]);
    for (const c of prevalence) expect(c.peak).toBeUndefined();
  });

  it('describes the data with its source and dates', () => {
    expect(BUNDLED_CSEW_FIGURES).toMatchObject({
      dataYear: 'year ending March 2025',
      nextUpdate: 'year ending June 2025',
      lastUpdated: '2025-07-24',
      source: { publisher: 'Office for National Statistics' },
    });
    expect(BUNDLED_CSEW_FIGURES.source.title).toMatch(/^Crime in England and Wales/);
    expect(BUNDLED_CSEW_FIGURES.source.licence).toMatch(/Open Government Licence/);
  });
});
