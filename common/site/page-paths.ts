import { hasWelshTwin, localeOfPath, pathWithoutLocale } from '../i18n/locale.ts';
import { EMBED_PATH } from './embed-paths.ts';

/**
 * Every page the browser app has, so the server can answer an unknown address with 404 (and
 * the app's own "Page Not Found") while known pages answer 200. ui/src/app/pagePaths.test.ts
 * checks this list against the router, so a page added there without a line here fails a test.
 */
/** The embeds: pages of their own small entry (ui/embed.html), not of the app's router. */
export const EMBED_PAGE_PATHS: readonly string[] = Object.values(EMBED_PATH);

/** The app router's pages. */
export const APP_PAGE_PATHS: readonly string[] = [
  '/',
  '/crime-clock',
  '/police-crime-clock',
  '/search',
  '/privacy-policy',
  '/glossary',
  '/data-status',
  '/alerts/confirm',
  '/alerts/unsubscribe',
  '/alerts/manage',
  '/developers',
  '/developers/key',
  '/admin',
  '/admin/algorithms',
  '/admin/csew-data',
  '/admin/smtp-settings',
  '/admin/api-keys',
  '/admin/police-crime-clock',
  '/admin/messages',
  '/admin/security',
];

export const PAGE_PATHS: readonly string[] = [...APP_PAGE_PATHS, ...EMBED_PAGE_PATHS];

const known = new Set(PAGE_PATHS);

/** True for a page of the app; the query string and one trailing slash are ignored. */
export function isPagePath(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  // A Welsh address (/cy/search) is its English twin's page; admin and embeds have no twin.
  if (localeOfPath(path) === 'cy') {
    if (!hasWelshTwin(path)) return false;
    path = pathWithoutLocale(path);
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return known.has(path);
}
