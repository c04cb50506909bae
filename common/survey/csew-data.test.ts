import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CsewFiguresDocument } from '../contracts/csew-figures.ts';
import bundled from './csew-figures.json' with { type: 'json' };
import {
  BUNDLED_CSEW_FIGURES,
  csewClockDefinition,
  CsewFiguresError,
  newerReleaseMayExist,
  parseCsewFigures,
  yearEndingOf,
} from './csew-data.ts';

const copy = () => JSON.parse(JSON.stringify(bundled)) as Record<string, unknown> & typeof bundled;

describe('CSEW figures document', () => {
  it('reads the shipped file, which builds the survey clock', () => {
    const definition = csewClockDefinition(BUNDLED_CSEW_FIGURES);
    expect(definition.categories.reduce((sum, c) => sum + c.annualCount, 0)).toBe(
      BUNDLED_CSEW_FIGURES.headlineTotal,
    );
    expect(definition.meta.sourceUrl).toMatch(/^https:\/\/www\.ons\.gov\.uk\//);
    expect(definition.meta.nextUpdateDate).toBe(BUNDLED_CSEW_FIGURES.nextUpdateDate);
  });

  it('carries the next edition as a month for pages to word, when the document gives it', () => {
    expect(csewClockDefinition(BUNDLED_CSEW_FIGURES).meta.nextEditionYearEnding).toBe('2025-06');
    // The field came after the format: a document without it (an older upload) still reads.
    const older = copy();
    Reflect.deleteProperty(older, 'nextEditionYearEnding');
    const figures = parseCsewFigures(older);
    expect(figures.nextEditionYearEnding).toBeNull();
    expect(csewClockDefinition(figures).meta).not.toHaveProperty('nextEditionYearEnding');
  });

  it('carries the Welsh of its prose when it gives it, and reads without it (older documents)', () => {
    const survey = csewClockDefinition(BUNDLED_CSEW_FIGURES).meta.survey!;
    expect(survey.cy?.note).toBe(bundled.cy.surveyNote);
    expect(survey.cy?.dataMethod).toBe(bundled.cy.dataMethod);
    expect(survey.cy?.prevalenceWarnings).toHaveLength(bundled.prevalenceWarnings.length);

    const older = copy();
    Reflect.deleteProperty(older, 'cy');
    const figures = parseCsewFigures(older);
    expect(figures).not.toHaveProperty('cy');
    expect(csewClockDefinition(figures).meta.survey).not.toHaveProperty('cy');
    expect(Value.Check(CsewFiguresDocument, older)).toBe(true);

    // Each field on its own; an empty block is no Welsh at all.
    const noteOnly = copy();
    (noteOnly as Record<string, unknown>).cy = { surveyNote: 'Nodyn.' };
    expect(csewClockDefinition(parseCsewFigures(noteOnly)).meta.survey?.cy).toEqual({ note: 'Nodyn.' });
    const empty = copy();
    (empty as Record<string, unknown>).cy = {};
    expect(parseCsewFigures(empty)).not.toHaveProperty('cy');
  });

  it('gives its Welsh a new clock version, so screens take it', () => {
    const next = copy();
    next.cy.surveyNote = 'Nodyn arall.';
    expect(csewClockDefinition(parseCsewFigures(next)).version).not.toBe(
      csewClockDefinition(BUNDLED_CSEW_FIGURES).version,
    );
  });

  it('gives new figures a new clock version', () => {
    const next = copy();
    next.incidents[0]!.annualCount += 1000;
    expect(csewClockDefinition(parseCsewFigures(next)).version).not.toBe(
      csewClockDefinition(BUNDLED_CSEW_FIGURES).version,
    );
  });

  it("gives figures the contract's schema accepts (the admin page's answer is checked against it)", () => {
    const sparse = copy();
    (sparse as { nextUpdateDate: string | null }).nextUpdateDate = null;
    const row = sparse.tables.headline[0]! as { unreported: number | null; unreportedPercent: number | null };
    row.unreported = null;
    row.unreportedPercent = null;
    Reflect.deleteProperty(sparse, 'cy');
    // The shipped file as it is, and as read, with its Welsh; and a document without Welsh.
    for (const figures of [bundled, BUNDLED_CSEW_FIGURES, parseCsewFigures(sparse)]) {
      expect([...Value.Errors(CsewFiguresDocument, figures)].map((e) => e.instancePath)).toEqual([]);
    }
    expect(Value.Check(CsewFiguresDocument, { ...BUNDLED_CSEW_FIGURES, format: 'other' })).toBe(false);
  });

  it('refuses a document that is not right, naming the field', () => {
    const cases: [(doc: ReturnType<typeof copy>) => void, RegExp][] = [
      [(d) => (d.format = 'other'), /^format/],
      [(d) => (d.source.url = 'http://example.org'), /^source\.url/],
      [(d) => (d.nextUpdateDate = '23 October 2025'), /^nextUpdateDate/],
      [(d) => (d.nextEditionYearEnding = 'June 2025'), /^nextEditionYearEnding/],
      [(d) => (d.nextEditionYearEnding = '2025-13'), /^nextEditionYearEnding/],
      [
        (d) => ((d.incidents[1] as { annualCount: unknown }).annualCount = -5),
        /^incidents\[1\]\.annualCount/,
      ],
      [(d) => ((d.incidents[1] as { annualCount: unknown }).annualCount = 'lots'), /annualCount/],
      [(d) => ((d.incidents[0] as { peakProfile: string }).peakProfile = 'nope'), /peakProfile/],
      [(d) => (d.prevalence[1]!.id = d.prevalence[0]!.id), /repeats the id/],
      [(d) => (d.tables.headline = []), /^tables\.headline/],
      [(d) => (d.surveyNote = 'a\u0000b'), /^surveyNote/],
      [(d) => (d.tables.headline[0]!.unreported = 99_999_999), /must not exceed total/],
      [(d) => ((d as Record<string, unknown>).cy = 'Cymraeg'), /^cy: must be an object/],
      [(d) => (d.cy.surveyNote = '  '), /^cy\.surveyNote/],
      [(d) => ((d.cy as Record<string, unknown>).note = 'Nodyn'), /^cy\.note: is not a field/],
      [
        (d) => (d.cy.prevalenceWarnings = d.cy.prevalenceWarnings.slice(1)),
        /^cy\.prevalenceWarnings: must be a list of 3/,
      ],
      [(d) => (d.cy.prevalenceWarnings[1] = ''), /^cy\.prevalenceWarnings\[1\]/],
    ];
    for (const [spoil, message] of cases) {
      const doc = copy();
      spoil(doc);
      expect(() => parseCsewFigures(doc)).toThrow(CsewFiguresError);
      expect(() => parseCsewFigures(doc)).toThrow(message);
    }
    expect(() => parseCsewFigures(null)).toThrow(/document/);
    expect(() => parseCsewFigures([])).toThrow(/document/);
  });

  it('says a newer release may exist once the announced date has come', () => {
    const figures = { nextUpdateDate: '2025-10-23' };
    expect(newerReleaseMayExist(figures, Date.parse('2025-10-22T12:00:00Z'))).toBe(false);
    expect(newerReleaseMayExist(figures, Date.parse('2025-10-23T00:30:00Z'))).toBe(true);
    expect(newerReleaseMayExist({ nextUpdateDate: null }, Date.now())).toBe(false);
  });
});

describe('the survey period, from the figures alone', () => {
  it('reads the last month of the survey year from dataYear', () => {
    expect(yearEndingOf('year ending March 2025')).toBe('2025-03');
    expect(yearEndingOf('Year ending june 2026')).toBe('2026-06');
    expect(yearEndingOf('2024/25')).toBeUndefined();
    expect(yearEndingOf('year ending Smarch 2025')).toBeUndefined();
  });

  it("puts it in the clock's meta, and names it nowhere else the page shows", () => {
    const meta = csewClockDefinition(BUNDLED_CSEW_FIGURES).meta;
    expect(meta.yearEnding).toBe(yearEndingOf(BUNDLED_CSEW_FIGURES.dataYear));
    expect(meta.yearEnding).toMatch(/^\d{4}-\d{2}$/);
    // The method's prose leaves the period to that one fact, in both languages.
    expect(meta.dataMethod).not.toMatch(/year ending|year to/i);
    expect(meta.survey?.cy?.dataMethod).not.toMatch(/flwyddyn yn gorffen/);
  });
});
