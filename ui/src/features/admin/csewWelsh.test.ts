import { describe, expect, it } from 'vitest';
import { BUNDLED_CSEW_FIGURES } from '../../../../common/survey/csew-data.ts';
import { welshBlock, welshForm } from './csewWelsh.ts';

describe("the survey figures' Welsh, as the admin enters it", () => {
  it('starts from the Welsh the figures give, and gives it back unchanged', () => {
    const form = welshForm(BUNDLED_CSEW_FIGURES);
    expect(form.surveyNote).toBe(BUNDLED_CSEW_FIGURES.cy!.surveyNote);
    expect(welshBlock(form)).toEqual({ ok: true, cy: BUNDLED_CSEW_FIGURES.cy });
  });

  it('starts blank for figures without Welsh, and blank fields give none', () => {
    const form = welshForm({ prevalenceWarnings: ['One.', 'Two.'] });
    expect(form).toEqual({ surveyNote: '', dataMethod: '', prevalenceWarnings: ['', ''] });
    expect(welshBlock(form)).toEqual({ ok: true, cy: undefined });
    expect(welshBlock({ ...form, dataMethod: '  Dull.  ' })).toEqual({
      ok: true,
      cy: { dataMethod: 'Dull.' },
    });
  });

  it('takes the Welsh of every warning or of none', () => {
    const form = welshForm({ prevalenceWarnings: ['One.', 'Two.'] });
    expect(welshBlock({ ...form, prevalenceWarnings: ['Un.', ' '] })).toEqual({
      ok: false,
      problem: 'Give the Welsh of every prevalence warning, or of none.',
    });
    expect(welshBlock({ ...form, prevalenceWarnings: ['Un.', 'Dau.'] })).toEqual({
      ok: true,
      cy: { prevalenceWarnings: ['Un.', 'Dau.'] },
    });
  });
});
