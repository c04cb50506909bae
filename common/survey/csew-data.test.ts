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
    for (const figures of [BUNDLED_CSEW_FIGURES, parseCsewFigures(sparse)]) {
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
