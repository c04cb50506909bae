/**
 * Checks of a Welsh page (issue 34), shared by the Welsh browser tests: no English message of ours
 * shown, no box whose text overflows it, axe clean.
 */
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../common/i18n/messages.ts';
import { blocking, formatViolations, runAxe } from './axe.ts';

const { en, cy } = MESSAGES;

/**
 * The English wording of every message whose Welsh differs: each run of plain text between ICU
 * arguments and tags, long enough not to be a word Welsh shares (such as "data" or "CSEW").
 */
export const ENGLISH_PHRASES = Object.entries(en)
  .filter(([id, text]) => (cy as Record<string, string>)[id] !== text)
  .flatMap(([id, text]) =>
    text
      .split(/<\/?\w+>|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
      .map((part) => part.trim())
      // A name both languages write alike ("data.police.uk") is no English left behind.
      .filter((part) => part.length >= 6 && !(cy as Record<string, string>)[id]?.includes(part)),
  );

/**
 * English month names: a Welsh page's dates are ours to word ("24 Gorffennaf 2025"), and a
 * browser whose Intl data lacks Welsh writes "July 24, 2025" for cy-GB (common/i18n/locale.ts).
 * "May" is left out: the word is too common to tell a date from a sentence.
 */
const ENGLISH_MONTH =
  /\b(January|February|March|April|June|July|August|September|October|November|December)\b/;

/** What a page's own words live in; the dialogs are checked on their own on a page not yet translated. */
export const PAGE_PARTS = 'header, main, footer, dialog[open]';
export const OPEN_DIALOG = 'dialog[open]';

/**
 * Runs in the page: boxes inside `parts` whose text is wider than they are (and the page's width).
 * A box counts when it holds text itself (a text node or an inline element); boxes made to scroll,
 * text for screen readers only (a 1 px box by design), drawings (SVG) and containers of other boxes (a button hung into a dialog's padding) do not.
 */
export const overflowing = (parts: string) => `(() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push('document ' + root.scrollWidth + ' px wide in ' + root.clientWidth);
  const inside = ${JSON.stringify(parts)}.split(',').map((part) => part.trim() + ' *').join(', ');
  for (const el of document.querySelectorAll(inside)) {
    const style = getComputedStyle(el);
    if (style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex') continue;
    if (style.display === 'none' || !(el.textContent ?? '').trim() || el.getClientRects().length === 0) continue;
    if (el.closest('svg') || ['auto', 'scroll'].includes(style.overflowX)) continue;
    // Words for screen readers only (.visually-hidden: a 1 px clipped box) are not seen, so cannot overflow.
    if (style.position === 'absolute' && el.clientWidth <= 1 && el.clientHeight <= 1) continue;
    const ownsText = [...el.childNodes].some((n) => n.textContent.trim() &&
      (n.nodeType === Node.TEXT_NODE || (n.nodeType === Node.ELEMENT_NODE && getComputedStyle(n).display === 'inline')));
    if (!ownsText) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      found.push(el.tagName.toLowerCase() + '.' + el.className + ' "' + (el.textContent ?? '').trim().slice(0, 40) + '": ' + el.scrollWidth + ' px of content in ' + el.clientWidth);
    }
  }
  return found;
})()`;

/**
 * Runs in the page: the visible text of `parts`, with their aria-labels and placeholders. Text a
 * page marks as English (`lang="en"`: the partner API's error explanations, which the API gives in
 * English only) is declared, not left behind, so it is left out.
 */
const visibleText = (parts: string) => `[...document.querySelectorAll(${JSON.stringify(parts)})]
  .map((el) => [...el.querySelectorAll('[lang="en"]')].reduce((text, english) => text.replace(english.innerText, ''), el.innerText)
    + ' ' + [...el.querySelectorAll('[aria-label], [placeholder]')].map((e) => (e.getAttribute('aria-label') ?? '') + ' ' + (e.getAttribute('placeholder') ?? '')).join(' '))
  .join('\\n')`;

export async function textOf(p: Page, parts: string): Promise<string> {
  return (await p.evaluate(visibleText(parts))) as string;
}

/** English in a Welsh page's text: phrases of our English messages, and English month names. */
export function englishIn(text: string, what: string): string[] {
  const problems: string[] = [];
  for (const phrase of ENGLISH_PHRASES) {
    if (text.includes(phrase)) problems.push(`${what} shows English: "${phrase}"`);
  }
  const month = ENGLISH_MONTH.exec(text);
  if (month) {
    problems.push(
      `${what} shows an English month: "${text.slice(Math.max(0, month.index - 20), month.index + 20)}"`,
    );
  }
  return problems;
}

/**
 * What is wrong with the Welsh page `page` shows now, in the parts `parts`: English phrases of our
 * messages, overflowing boxes and axe's blocking findings, each as a line naming `what`.
 */
export async function welshProblems(page: Page, what: string, parts = PAGE_PARTS): Promise<string[]> {
  const problems = englishIn(await textOf(page, parts), what);
  for (const overflow of (await page.evaluate(overflowing(parts))) as string[]) {
    problems.push(`${what} overflows: ${overflow}`);
  }
  const axe = formatViolations(blocking(await runAxe(page)));
  if (axe) problems.push(`${what}: axe\n${axe}`);
  return problems;
}
