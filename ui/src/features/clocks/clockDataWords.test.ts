import { describe, expect, it } from 'vitest';
import { POLICE_UPDATE_NOTE } from '../../../../common/clock/police-definition.ts';
import { coverageOf, paceText } from '../../../../common/police-coverage/coverage.ts';
import { coverageWords, editionWords, paceWords } from './clockDataWords.ts';

describe('the clock data phrases in Welsh', () => {
  it('words the pace from the form common/police-coverage writes', () => {
    expect(paceWords(paceText(12), 'cy')).toBe('y 12 mis diweddaraf â data');
    expect(paceWords(paceText(2), 'cy')).toBe('y 2 fis diweddaraf â data');
    expect(paceWords(paceText(1), 'cy')).toBe('y mis diweddaraf â data');
    expect(paceWords(paceText(12), 'en')).toBe(paceText(12));
    // Anything else is shown as it came.
    expect(paceWords('since records began', 'cy')).toBe('since records began');
  });

  it('words the next edition and the police update note', () => {
    expect(editionWords('year ending June 2025', 'cy')).toBe('y flwyddyn yn gorffen Mehefin 2025');
    expect(editionWords('year ending June 2025', 'en')).toBe('year ending June 2025');
    expect(editionWords(POLICE_UPDATE_NOTE, 'cy')).toBe('Fel arfer yn ystod wythnos gyntaf y mis');
    expect(editionWords('Spring 2026', 'cy')).toBe('Spring 2026');
  });

  it('words the coverage statement with Welsh months, as the search does', () => {
    const coverage = coverageOf(['kent', 'essex'], '2025-04', '2025-09', false);
    const welsh = coverageWords(coverage, 'cy');
    expect(welsh).toContain('Ebrill 2025');
    expect(welsh).not.toMatch(/April|September| to /);
    expect(coverageWords(coverage, 'en')).toBe(coverage.text);
  });
});
