import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { termsAwaitingReview } from '../../common/i18n/glossary-cy.ts';

const PAGE = readFileSync(join(import.meta.dirname, '../../docs/i18n.md'), 'utf8');

/** The section of docs/i18n.md that lists the Welsh terms awaiting review, up to the next section. */
function reviewSection(): string {
  const start = PAGE.indexOf('## Glossary terms awaiting review by a Welsh speaker');
  expect(start, 'docs/i18n.md has the section').toBeGreaterThan(0);
  const end = PAGE.indexOf('\n## ', start + 1);
  return PAGE.slice(start, end < 0 ? undefined : end);
}

/** The `| English | Welsh |` rows of the section's tables. */
function listedTerms(section: string): string[] {
  return [...section.matchAll(/^\| (.+?) \| (.+?) \|$/gm)]
    .map(([, en, cy]) => `${en} = ${cy}`)
    .filter((row) => !row.startsWith('English =') && !row.startsWith('---'));
}

describe("docs/i18n.md's list of Welsh terms awaiting review", () => {
  it('lists every term marked needsReview in glossary-cy.json, with its draft, and no other', () => {
    const section = reviewSection();
    const awaiting = termsAwaitingReview().map((term) => `${term.en.replaceAll('|', '\\|')} = ${term.cy}`);
    expect(awaiting.length).toBeGreaterThan(0);
    expect(listedTerms(section).sort()).toEqual(awaiting.sort());
    expect(section).toContain(`The ${awaiting.length} terms`);
  });
});
