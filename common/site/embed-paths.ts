import type { ClockKind } from '../clock/types.ts';

/**
 * The embeds' pages, one per clock: the snippet a partner pastes points at them, the embed's
 * entry tells its clock by them, the API lets other sites frame only them, and each has its
 * route's metadata. Pages of their own small entry (ui/embed.html), not of the app's router.
 */
export const EMBED_PATH: Readonly<Record<ClockKind, string>> = {
  csew: '/embed/crime-clock',
  police: '/embed/police-crime-clock',
};

/** The clock whose embed `path` is (one trailing slash allowed, no query), or null for any other page. */
export function embedKindOf(path: string): ClockKind | null {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (page === EMBED_PATH.csew) return 'csew';
  if (page === EMBED_PATH.police) return 'police';
  return null;
}
