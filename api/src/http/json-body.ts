import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * JSON bodies must be UTF-8 as sent. Node decodes bytes that are not UTF-8 into U+FFFD without a
 * word, so an API key name, an SMTP password or a search term with a stray byte was stored (or
 * used) as something other than what was sent; now it is a 400 and nothing is changed. Parsing
 * itself is Fastify's own (secure-json-parse: `__proto__` and `constructor.prototype` refused).
 */
export function acceptOnlyUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(badRequest('The request body is not valid UTF-8 text.', 'INVALID_UTF8'), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}
