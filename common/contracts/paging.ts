import { Type } from 'typebox';

/**
 * The bounds of a list's paging, checked only here: the schemas below are the one check (a route
 * refuses an out-of-range or non-numeric page with 400 VALIDATION_ERROR), and the services trust
 * the typed values they are given.
 */

/** Far beyond any list the store can give: a page past the end is answered empty, not refused. */
export const MAX_PAGE = 1_000_000;
/** Incidents one page of a search lists at most. */
export const MAX_PAGE_SIZE = 100;

interface Words {
  default?: number;
  description?: string;
}

/** A page of a list, from 1. */
export const PageNumber = (words: Words = {}) => Type.Integer({ ...words, minimum: 1, maximum: MAX_PAGE });

/** How many incidents a page lists, 1 to MAX_PAGE_SIZE. */
export const PageSize = (words: Words = {}) => Type.Integer({ ...words, minimum: 1, maximum: MAX_PAGE_SIZE });

/** Rows an admin list (messages, security log) answers at most at once. */
const MAX_LIST_LIMIT = 200;
/** Far beyond any admin list: an offset past the end is answered empty, not refused. */
const MAX_LIST_OFFSET = 1_000_000;

/**
 * An admin list's window, `limit` rows from `offset`, as querystring properties: spread into the
 * list's querystring so every admin list is bounded here alone.
 */
export const ListWindow = () => ({
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 }),
});
