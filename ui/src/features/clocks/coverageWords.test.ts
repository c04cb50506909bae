import { describe, expect, it } from 'vitest';
import { coverageOf, TERRITORIAL_FORCES } from '../../../../common/police-coverage/coverage.ts';
import { coverageWords, monthSpanWords } from './coverageWords.ts';

const ALL = TERRITORIAL_FORCES.map((f) => f.id);
const ALL_BUT_MANCHESTER = ALL.filter((id) => id !== 'greater-manchester');

const COVERAGES = {
  all: coverageOf(ALL, '2025-04', '2026-03', false),
  allBut: coverageOf([...ALL_BUT_MANCHESTER, 'btp'], '2025-04', '2026-03', false),
  few: coverageOf(['kent', 'surrey'], '2025-09', '2025-09', true),
  fewAndOthers: coverageOf(
    ['metropolitan', 'west-midlands', 'btp', 'northern-ireland'],
    '2025-11',
    '2026-07',
    true,
  ),
};

describe('the coverage statement in the page’s language', () => {
  it.each(Object.entries(COVERAGES))('says in English what the API says (%s)', (_, coverage) => {
    expect(coverageWords(coverage, 'en')).toBe(coverage.text);
  });

  it('says it in Welsh, Welsh months and soft mutation after "i" included', () => {
    expect(coverageWords(COVERAGES.all, 'cy')).toBe(
      "pob un o'r 43 heddlu yng Nghymru a Lloegr, Ebrill 2025 i Fawrth 2026",
    );
    expect(coverageWords(COVERAGES.allBut, 'cy')).toBe(
      '42 o 43 heddlu yng Nghymru a Lloegr (pob un ond Greater Manchester Police) ynghyd â British Transport Police, Ebrill 2025 i Fawrth 2026',
    );
    expect(coverageWords(COVERAGES.few, 'cy')).toBe(
      '2 o 43 heddlu yng Nghymru a Lloegr (Kent Police a Surrey Police), Medi 2025 (sampl synthetig)',
    );
    expect(coverageWords(COVERAGES.fewAndOthers, 'cy')).toBe(
      '2 o 43 heddlu yng Nghymru a Lloegr (Metropolitan Police Service ac West Midlands Police) ynghyd â British Transport Police, Tachwedd 2025 i Orffennaf 2026 (sampl synthetig)',
    );
  });

  it('names the Welsh forces by their Welsh names on a Welsh page (common/police/force-name.ts)', () => {
    const allButSouthWales = coverageOf(
      ALL.filter((id) => id !== 'south-wales'),
      '2025-04',
      '2026-03',
      false,
    );
    expect(coverageWords(allButSouthWales, 'cy')).toContain('(pob un ond Heddlu De Cymru)');
    expect(coverageWords(allButSouthWales, 'en')).toContain('(all but South Wales Police)');
  });

  it('words a span of months, or one month, and nothing for months it cannot read', () => {
    expect(monthSpanWords('2025-12', '2026-02', 'en')).toBe('December 2025 to February 2026');
    expect(monthSpanWords('2025-12', '2026-02', 'cy')).toBe('Rhagfyr 2025 i Chwefror 2026');
    expect(monthSpanWords('2025-10', '2025-11', 'cy')).toBe('Hydref 2025 i Dachwedd 2025');
    expect(monthSpanWords('2025-05', '2025-05', 'cy')).toBe('Mai 2025');
    expect(monthSpanWords('2025-05', 'soon', 'en')).toBe('');
  });
});
