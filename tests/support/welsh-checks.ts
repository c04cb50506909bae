/**
 * Checks of a Welsh page, shared by the Welsh browser tests: no English message of ours
 * shown, no box whose text overflows it, axe clean.
 */
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../common/i18n/messages.ts';
import { blocking, formatViolations, runAxe } from './axe.ts';

const { en, cy } = MESSAGES;

function uniqueOf(texts: string[]): string[] {
  return [...new Set(texts)];
}

/** The messages whose Welsh differs from their English: the interface's own English. */
const TRANSLATED = Object.entries(en).filter(([id, text]) => (cy as Record<string, string>)[id] !== text);

/**
 * The English wording of every message whose Welsh differs: each run of plain text between ICU
 * arguments and tags, long enough not to be a word Welsh shares (such as "data" or "CSEW").
 */
const ENGLISH_PHRASES = uniqueOf(
  TRANSLATED.flatMap(([id, text]) =>
    text
      .split(/<\/?\w+>|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
      .map((part) => part.trim())
      // A name both languages write alike ("data.police.uk") is no English left behind.
      .filter((part) => part.length >= 6 && !(cy as Record<string, string>)[id]?.includes(part)),
  ),
);

/**
 * Short English words that may stand in a Welsh page for a reason other than a missing translation,
 * each with that reason. Keep this list short: a word here is never looked for.
 */
const ENGLISH_WORD_EXCEPTIONS: Readonly<Record<string, string>> = {
  // data.police.uk's street names are English data ("On or near Parking Area").
  Area: 'street names from the police data',
};

/**
 * Messages that are one short word ("Login", "Close", "Error"): looked for as whole words, case
 * and all, since a few letters inside a Welsh word ("Admin" in no Welsh word, but "Date" in none
 * either) would otherwise be found by chance. Longer single words are among ENGLISH_PHRASES already.
 */
const ENGLISH_WORDS = uniqueOf(
  TRANSLATED.map(([, text]) => text.trim().replace(/[.:]$/, '')).filter(
    (word) => /^[A-Za-z][A-Za-z-]{3,4}$/.test(word) && !(word in ENGLISH_WORD_EXCEPTIONS),
  ),
);

/**
 * English month names: a Welsh page's dates are ours to word ("24 Gorffennaf 2025"), and a
 * browser whose Intl data lacks Welsh writes "July 24, 2025" for cy-GB (common/i18n/locale.ts).
 * "May" is left out: the word is too common to tell a date from a sentence.
 */
const ENGLISH_MONTH =
  /\b(January|February|March|April|June|July|August|September|October|November|December)\b/;
/** A time joined to its date in English ("7 Rhagfyr 2026 at 18:37"): Welsh says "am". */
const ENGLISH_AT = /\d{4},? at \d{1,2}:\d{2}/;

/** What a page's own words live in; the dialogs are checked on their own on a page not yet translated. */
export const PAGE_PARTS = 'header, main, footer, dialog[open]';
export const OPEN_DIALOG = 'dialog[open]';
/**
 * Where a whole page's English is looked for: everything shown, the skip link and the toasts
 * included, and the tab's title. (Overflow is measured in PAGE_PARTS only.)
 */
const WHOLE_PAGE = 'body';

/** The parts to search for English when `parts` are measured for overflow. */
export const englishPartsFor = (parts: string) => (parts === PAGE_PARTS ? WHOLE_PAGE : parts);

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
 * Runs in the page: the visible text of `parts`, with the words of the attributes people meet
 * (aria-labels, titles, placeholders, alt texts) of its shown elements; the tab's title for the
 * whole page. Text a page marks as English (`lang="en…"`: the partner API's error explanations,
 * which the API gives in English only) is declared, not left behind, so it is left out.
 */
const visibleText = (parts: string) => `[...document.querySelectorAll(${JSON.stringify(parts)})]
  .map((el) => [...el.querySelectorAll('[lang^="en"]')].reduce((text, english) => text.replace(english.innerText, ''), el.innerText)
    + ' ' + [...el.querySelectorAll('[aria-label], [title], [placeholder], [alt]')]
    .filter((e) => e.checkVisibility({ visibilityProperty: true }))
    .map((e) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => e.getAttribute(name) ?? '').join(' '))
    .join(' '))
  .join('\\n') + (${JSON.stringify(parts)} === 'body' ? '\\n' + document.title : '')`;

export async function textOf(p: Page, parts: string): Promise<string> {
  return (await p.evaluate(visibleText(parts))) as string;
}

/**
 * Words English cannot do without and Welsh never uses: a sentence written into a component rather
 * than a message file has them, though no message holds it. Looked for only in text not marked as
 * English (`lang="en…"`, as data with no Welsh must be, so screen readers say it right). Words that
 * start names in the police data ("City of London Police", "On or near The Green") are left out.
 */
const ENGLISH_FUNCTION_WORD =
  /(?<![\p{L}'’-])(the|your|Your|you|You|with|this|This|please|Please|are|were|been|should|could)(?![\p{L}'’-])/u;

/** Runs in the page: the shown text of `parts` outside any element marked as English. */
const unmarkedText = (parts: string) => `(() => {
  const texts = [];
  for (const part of document.querySelectorAll(${JSON.stringify(parts)})) {
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[lang^="en"], script, style, noscript')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      texts.push(node.textContent);
    }
  }
  return texts.join(' ');
})()`;

/** English sentences on a Welsh page that no message file holds (see ENGLISH_FUNCTION_WORD). */
export async function unmarkedEnglishIn(p: Page, parts: string, what: string): Promise<string[]> {
  const text = ((await p.evaluate(unmarkedText(parts))) as string).replace(/\s+/g, ' ');
  const found = ENGLISH_FUNCTION_WORD.exec(text);
  return found
    ? [
        `${what} shows English not marked lang="en": "${text.slice(Math.max(0, found.index - 30), found.index + 30)}"`,
      ]
    : [];
}

/** English in a Welsh page's text: phrases and words of our English messages, English months and "at". */
export function englishIn(text: string, what: string): string[] {
  const problems: string[] = [];
  for (const phrase of ENGLISH_PHRASES) {
    if (text.includes(phrase)) problems.push(`${what} shows English: "${phrase}"`);
  }
  for (const word of ENGLISH_WORDS) {
    if (new RegExp(`(?<![\\p{L}-])${word}(?![\\p{L}-])`, 'u').test(text)) {
      problems.push(`${what} shows English: "${word}"`);
    }
  }
  const month = ENGLISH_MONTH.exec(text);
  if (month) {
    problems.push(
      `${what} shows an English month: "${text.slice(Math.max(0, month.index - 20), month.index + 20)}"`,
    );
  }
  const at = ENGLISH_AT.exec(text);
  if (at) problems.push(`${what} joins a date to its time in English: "${at[0]}"`);
  return problems;
}

/**
 * What is wrong with the Welsh page `page` shows now, in the parts `parts`: English phrases of our
 * messages, overflowing boxes and axe's blocking findings, each as a line naming `what`.
 */
export async function welshProblems(page: Page, what: string, parts = PAGE_PARTS): Promise<string[]> {
  const problems = englishIn(await textOf(page, englishPartsFor(parts)), what);
  problems.push(...(await unmarkedEnglishIn(page, englishPartsFor(parts), what)));
  for (const overflow of (await page.evaluate(overflowing(parts))) as string[]) {
    problems.push(`${what} overflows: ${overflow}`);
  }
  // A toast or dialog fading in: axe measures colours as they are, so it waits for the fade to end.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  const axe = formatViolations(blocking(await runAxe(page)));
  if (axe) problems.push(`${what}: axe\n${axe}`);
  return problems;
}
