import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET for answers that depend only on the imported data (RFC 9110 §8.8.3, §13.1.2).
 *
 * The tag is made from the data version (the clock data version: two one-row reads), not from the
 * body, so a client holding the current answer is told 304 before the answer's own query runs.
 * @fastify/etag hashes the finished body in onSend: the query would run every time and only the
 * bytes on the wire would be saved, so it does not fit here.
 */

export interface DataVersionCachingOptions {
  /** The version of the data behind the answer; read before the answer, see `cachedByDataVersion`. */
  version: () => Promise<string>;
  /** Changes the tag on a deploy: a new release may shape the same data differently. */
  release: string;
  /** How long a browser or a shared cache may reuse the answer without asking. */
  maxAgeSeconds: number;
}

/** A strong entity-tag for `parts` (short, opaque: the store's stamps are not shown). */
export function entityTag(...parts: string[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match field value matches `tag`: `*`, or a list holding the tag, compared
 * weakly as the standard asks for If-None-Match (a `W/` prefix on the client's copy is ignored).
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return (value.match(/(?:W\/)?"[^"]*"/g) ?? []).some(
    (candidate) => candidate.replace(/^W\//, '') === opaque,
  );
}

/**
 * Route hooks for a GET whose answer depends only on the data: the answer carries ETag and
 * Cache-Control, and a client that already holds this version gets 304 with no body. Spread them
 * into the route's options. Errors carry neither field: an outage's 503 must not be cached.
 *
 * The version is read before the answer is made, never after: if an import lands in between, the
 * client gets the newer answer under the older tag, and its next request (older tag, newer
 * version) gets a full answer again. The other order could pin an old answer under a new tag.
 */
export function cachedByDataVersion({ version, release, maxAgeSeconds }: DataVersionCachingOptions) {
  const tags = new WeakMap<FastifyRequest, string>();
  const cacheControl = `public, max-age=${maxAgeSeconds}`;
  return {
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      const tag = entityTag(release, await version());
      if (ifNoneMatchMatches(request.headers['if-none-match'], tag)) {
        // A 304 carries the fields a 200 would have (RFC 9110 §15.4.5).
        return reply.code(304).header('etag', tag).header('cache-control', cacheControl).send();
      }
      tags.set(request, tag);
      return undefined;
    },
    async onSend(request: FastifyRequest, reply: FastifyReply) {
      const tag = tags.get(request);
      if (tag === undefined || reply.statusCode !== 200) return;
      reply.header('etag', tag);
      reply.header('cache-control', cacheControl);
    },
  };
}
