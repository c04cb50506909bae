import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetOEmbed } from '../../../common/contracts/oembed.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { cachedByDataVersion } from '../http/etag.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { siteOrigin } from '../ui-hosting/site-origin.ts';
import { oembedFor } from './oembed.ts';

export interface OEmbedRoutesOptions {
  /** ETag and Cache-Control: the answer changes only with a release (its tag, with the data's). */
  cached: ReturnType<typeof cachedByDataVersion>;
  /** Whether the police data is the synthetic sample, which the police clocks' titles then say. */
  policeSynthetic: () => Promise<boolean>;
}

/** GET /oembed (register with prefix /api): how to embed one of the site's clock pages (oEmbed 1.0). */
export const oembedRoutes: FastifyPluginAsyncTypebox<OEmbedRoutesOptions> = async (
  app,
  { cached, policeSynthetic },
) => {
  contractRoute(
    app,
    GetOEmbed,
    {
      schema: {
        description: 'oEmbed 1.0: the iframe and script that embed a clock page of this site',
      },
      ...cached,
    },
    async (request, reply) => {
      const { format = 'json', ...query } = request.query;
      if (format === 'xml') {
        throw new HttpError(501, 'FORMAT_NOT_IMPLEMENTED', 'Only format=json is served.');
      }
      const origin = siteOrigin(request);
      const result = origin
        ? oembedFor(query, origin, await policeSynthetic())
        : ({ kind: 'not-ours' } as const);
      if (result.kind === 'bad-url') throw badRequest('url must be an absolute address', 'INVALID_URL');
      if (result.kind === 'not-ours') {
        throw notFound('url is not a clock page of this site', 'NOT_A_CLOCK_PAGE');
      }
      // Public and without credentials: a consumer's script on any site may read it.
      reply.header('access-control-allow-origin', '*');
      return result.answer;
    },
  );
};
