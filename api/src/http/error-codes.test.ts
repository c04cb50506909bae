import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import { SEARCH_ISSUES } from '../../../common/search/request.ts';
import { ERROR_CODE_DOCS } from '../../../common/contracts/error-docs.ts';
import { ENGLISH_ONLY_ERROR_CODES, PUBLIC_ERROR_CODES } from '../../../common/contracts/errors.ts';

const API_SOURCE = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The text of a call's arguments, from just after its opening parenthesis to the matching one. */
function argumentsFrom(text: string, start: number): string {
  let depth = 1;
  let end = start;
  while (end < text.length && depth > 0) {
    if (text[end] === '(') depth += 1;
    else if (text[end] === ')') depth -= 1;
    end += 1;
  }
  return text.slice(start, end);
}

/**
 * Every code the API's source answers with: the upper-case string literals given to the error
 * helpers (badRequest, notFound, tooManyRequests, new HttpError…) and written as `code: '…'`.
 */
function codesInApiSource(): Map<string, string> {
  const found = new Map<string, string>();
  const helper = /(?:badRequest|notFound|forbidden|unauthorized|tooManyRequests|new HttpError)\(/g;
  const literal = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;
  for (const file of sourceFiles(API_SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const where = relative(API_SOURCE, file);
    for (const call of text.matchAll(helper)) {
      for (const [, code] of argumentsFrom(text, call.index + call[0].length).matchAll(literal)) {
        found.set(code!, where);
      }
    }
    for (const [, code] of text.matchAll(/\bcode: '([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g))
      found.set(code!, where);
  }
  return found;
}

describe('the error codes', () => {
  it('name every code the API throws as public or English-only', () => {
    const known = new Set<string>([...PUBLIC_ERROR_CODES, ...ENGLISH_ONLY_ERROR_CODES]);
    const found = codesInApiSource();
    // The scan must see the codes it is there to see, or it proves nothing.
    expect(found.get('TOO_MANY_MESSAGES')).toBe('email/email-routes.ts');
    expect(found.get('VALIDATION_ERROR')).toBe('http/errors.ts');
    const unlisted = [...found]
      .filter(([code]) => !known.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(unlisted, 'add each to PUBLIC_ERROR_CODES (with its words) or ENGLISH_ONLY_ERROR_CODES').toEqual(
      [],
    );
  });

  it('name the search form refusals, thrown by the search from common/search/request.ts', () => {
    for (const { code } of Object.values(SEARCH_ISSUES)) expect(PUBLIC_ERROR_CODES).toContain(code);
  });

  it('each have words of their own on the developers page, and an error status', () => {
    const byWords = new Map<string, string[]>();
    for (const [code, { description, status }] of Object.entries(ERROR_CODE_DOCS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(description.length, code).toBeGreaterThan(20);
      byWords.set(description, [...(byWords.get(description) ?? []), code]);
    }
    const shared = [...byWords.values()].filter((codes) => codes.length > 1);
    expect(shared, 'two codes explained in the same words').toEqual([]);
    expect(Object.keys(ERROR_CODE_DOCS).sort()).toEqual(
      [...PUBLIC_ERROR_CODES, ...ENGLISH_ONLY_ERROR_CODES].sort(),
    );
  });

  it('never name a code of Fastify or Node (FST_…, ERR_…)', () => {
    const internal = Object.keys(ERROR_CODE_DOCS).filter((code) => /^(FST_|ERR_)/.test(code));
    expect(internal).toEqual([]);
  });

  it('are never both public and English-only', () => {
    const english = new Set<string>(ENGLISH_ONLY_ERROR_CODES);
    expect(PUBLIC_ERROR_CODES.filter((code) => english.has(code))).toEqual([]);
  });

  it.each(['en', 'cy'] as const)('have words for every public code (%s)', (locale) => {
    const words: Record<string, string> = MESSAGES[locale];
    const missing = PUBLIC_ERROR_CODES.filter((code) => !words[`errors.code.${code}`]);
    expect(missing).toEqual([]);
  });

  it('have Welsh words of their own, not the English copied', () => {
    const { en, cy } = MESSAGES as Record<'en' | 'cy', Record<string, string>>;
    const copied = PUBLIC_ERROR_CODES.filter(
      (code) => cy[`errors.code.${code}`] === en[`errors.code.${code}`],
    );
    expect(copied).toEqual([]);
  });
});
