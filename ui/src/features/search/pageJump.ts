/**
 * The page a visitor typed into the pager's "Go to page" field: a whole number from 1 to `pages`,
 * or a sentence saying what to type instead.
 */
export function readPageJump(
  text: string,
  pages: number,
): { ok: true; page: number } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  const page = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) {
    return { ok: false, error: pages === 1 ? 'There is only page 1.' : `Enter a page from 1 to ${pages}.` };
  }
  return { ok: true, page };
}
