import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { termsAwaitingReview } from '../../common/i18n/glossary-cy.ts';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

/** The README's section that lists the Welsh terms awaiting review, up to the next section. */
function reviewSection(): string {
  const start = README.indexOf('### Glossary terms awaiting review by a Welsh speaker');
  expect(start, 'the README has the section').toBeGreaterThan(0);
  const end = README.indexOf('\n## ', start);
  return README.slice(start, end < 0 ? undefined : end);
}

/** The `| English | Welsh |` rows of the section's tables. */
function listedTerms(section: string): string[] {
  return [...section.matchAll(/^\| (.+?) \| (.+?) \|$/gm)]
    .map(([, en, cy]) => `${en} = ${cy}`)
    .filter((row) => !row.startsWith('English =') && !row.startsWith('---'));
}

describe("the README's list of Welsh terms awaiting review", () => {
  it('lists every term marked needsReview in glossary-cy.json, with its draft, and no other', () => {
    const section = reviewSection();
    const awaiting = termsAwaitingReview().map((term) => `${term.en.replaceAll('|', '\\|')} = ${term.cy}`);
    expect(awaiting.length).toBeGreaterThan(0);
    expect(listedTerms(section).sort()).toEqual(awaiting.sort());
    expect(section).toContain(`The ${awaiting.length} terms`);
  });
});
