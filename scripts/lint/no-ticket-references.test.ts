import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles } from './source-files.ts';

/**
 * Reasons, not references: a comment, test name or page that says "issue 31", "point 6",
 * "session 2" or "spec section 9" sends its reader to a tracker or a document they cannot open.
 * The text says the reason itself. Sections of public documents stay citable: an RFC's (RFC 9110
 * §15.4.5) and an Act of Parliament's ("Misuse of Drugs Act 1971 (section 23)", "Section 60").
 */
const REPO = new URL('../..', import.meta.url).pathname;

/** Public documents' sections, taken out before the line is read. */
const PUBLIC_SECTIONS = [
  /\bRFC \d+ §[\d.]+(?:,? (?:and )?§[\d.]+)*/g,
  /\bAct \d{4} \(sections? \d+\)/g,
  /\bSection 60\b/g,
];

const CITATIONS = [
  /\b(?:issue|session)s? #?\d+/i,
  // A point of a shape is not a citation: "point 3 of the ring".
  /\bpoints? #?\d+(?!\.\d| of (?!(?:the |a |its |each )?(?:issue|ticket|spec))[a-z])/i,
  /\bspec(?:ification)?(?: section| §)? ?\d/i,
  /§ ?\d/,
  /\bsections? \d/i,
];

/** The lines of `text` that cite a ticket or a numbered section of the spec, as "line: text". */
function citations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const read = PUBLIC_SECTIONS.reduce((rest, pattern) => rest.replace(pattern, ''), line);
    return CITATIONS.some((pattern) => pattern.test(read)) ? [`${index + 1}: ${line.trim()}`] : [];
  });
}

/** Generated, not written (the lock file), or this test, whose examples are citations. */
const NOT_READ = new Set(['package-lock.json', 'scripts/lint/no-ticket-references.test.ts']);

describe('no ticket or spec section numbers in the repository', () => {
  it.each([
    ['// Issue 20: import drivers'],
    ['* Security defences (issue 16): atomic counters'],
    ['/** Default submission port (specification section 9). */'],
    ['const MAX = 8; // (spec 4.2)'],
    ['(spec section 8)'],
    ['the spec §3 says so'],
    ['Honest figures at a glance (issue 30, points 4 and 8)'],
    ['see point 3 above'],
    ['run before and after in one session 2'],
    ['the multipliers (section 9)'],
    ['point 2 of the issue'],
  ])('catches %j', (line) => {
    expect(citations(line)).toEqual([`1: ${line}`]);
  });

  it.each([
    ['// point 3 of the ring closes it'],
    ['the polygon has 4 points'],
    ['edge points 4.28 → 3.79 ms'],
    ['A 304 carries the fields a 200 would have (RFC 9110 §15.4.5).'],
    ['Conditional GET (RFC 9110 §8.8.3, §13.1.2).'],
    ["legislation: 'Misuse of Drugs Act 1971 (section 23)',"],
    ["'Section 60 authority, town centre',"],
    ['the session ends after 30 minutes; a data issue report'],
    ['specification multipliers'],
    ["categories exceed the specification's 13, so it is left out"],
  ])('lets %j pass', (line) => {
    expect(citations(line)).toEqual([]);
  });

  it('finds none in any file git holds: sources, tests, scripts, configuration, README.md, docs/', () => {
    const files = repositoryFiles(REPO).filter((file) => !NOT_READ.has(file));
    expect(files).toEqual(expect.arrayContaining(['README.md', 'api/src/services.ts', '.ci/run']));
    const found = files.flatMap((file) =>
      citations(readFileSync(join(REPO, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
