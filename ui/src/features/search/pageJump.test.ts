import { describe, expect, it } from 'vitest';
import { readPageJump } from './pageJump.ts';

describe('readPageJump', () => {
  it('takes a whole page number within the pages, spaces and thousands commas allowed', () => {
    expect(readPageJump('7', 81)).toEqual({ ok: true, page: 7 });
    expect(readPageJump(' 81 ', 81)).toEqual({ ok: true, page: 81 });
    expect(readPageJump('1,204', 2000)).toEqual({ ok: true, page: 1204 });
  });

  it.each(['', '0', '82', '-3', '2.5', 'seven', '1e2'])('refuses %j, saying what to type', (text) => {
    expect(readPageJump(text, 81)).toEqual({ ok: false, error: 'Enter a page from 1 to 81.' });
  });

  it('says there is one page when there is', () => {
    expect(readPageJump('2', 1)).toEqual({ ok: false, error: 'There is only page 1.' });
  });

  it('says it in Welsh on a Welsh page', () => {
    expect(readPageJump('90', 81, 'cy')).toEqual({ ok: false, error: 'Rhowch dudalen o 1 i 81.' });
    expect(readPageJump('2', 1, 'cy')).toEqual({ ok: false, error: 'Dim ond tudalen 1 sydd.' });
  });
});
