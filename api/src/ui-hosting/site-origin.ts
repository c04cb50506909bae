import type { FastifyRequest } from 'fastify';

// A host name or IP literal, with an optional port: nothing that could break out of an address.
const SAFE_HOST = /^(?:(?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the site's absolute addresses are written under (link previews, oEmbed answers).
 *
 * PUBLIC_ORIGIN when it is set, always: a request's Host (or X-Forwarded-Host) is the client's to
 * write, and an address built from it in an answer a cache keeps would send other visitors
 * elsewhere. Without PUBLIC_ORIGIN (a developer's machine, a test), the request's own origin, if
 * its host is a plain host name or address with a port: the answers that carry it are the HTML
 * shell, which no cache keeps without asking again, and the oEmbed answer, which HAProxy keys by
 * host. Undefined when the host is not plain: the caller then leaves absolute addresses out.
 */
export function siteOrigin(request: FastifyRequest): string | undefined {
  const configured = request.server.config.publicOrigin;
  if (configured) return configured;
  const host = request.host;
  return SAFE_HOST.test(host) ? `${request.protocol}://${host}` : undefined;
}
