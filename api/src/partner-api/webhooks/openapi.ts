import { Type } from '@fastify/type-provider-typebox';
import { PartnerProblem } from '../../../../common/contracts/partner.ts';
import { DeleteWebhook, PutWebhook, RegisteredWebhook } from '../../../../common/contracts/webhooks.ts';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem.ts';
import { API_KEY_SCHEME, PARTNER_TAG } from '../search/openapi.ts';

/** The webhook routes' schemas with what the OpenAPI document (/api/docs) shows about them. */

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: PartnerProblem } },
});

const ERRORS = {
  401: problem(
    'No key, an unknown key, or a revoked key (API_KEY_MISSING, API_KEY_INVALID, API_KEY_REVOKED).',
  ),
  403: problem("The key is bound to a domain and the request's Origin is not on it (ORIGIN_NOT_ALLOWED)."),
  429: problem("The key's daily limit is used up (RATE_LIMITED); Retry-After says until when."),
  503: problem('The database cannot be reached; retry shortly.'),
};

const DELIVERIES = [
  'On each newly imported month the URL receives a `POST` with the JSON body',
  '`{ "type": "data.month_imported", "month": "YYYY-MM", "dataVersion": "…" }` signed as',
  '[Standard Webhooks](https://www.standardwebhooks.com) sign: headers `webhook-id` (the same on',
  'every retry of one event: deduplicate by it), `webhook-timestamp` (epoch seconds of the attempt)',
  'and `webhook-signature: v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed with the',
  "secret's bytes (the base64 after `whsec_`)>`. Any Standard Webhooks library verifies it. Answer",
  'with a 2xx within 10 seconds; anything else (a redirect too: they are not followed) is retried with',
  'back-off for 24 hours. Only https URLs of public hosts are accepted, and the host is checked again',
  'after DNS before every delivery.',
].join('\n');

export const putWebhookSchema = {
  tags: [PARTNER_TAG],
  operationId: 'partnerPutWebhook',
  summary: "Register (or replace) the key's webhook URL",
  description: [
    "One URL per API key: a PUT replaces the key's URL and its signing secret. The answer carries",
    'the secret (`whsec_…`) this once; it is stored encrypted and never shown again.',
    '',
    DELIVERIES,
  ].join('\n'),
  security: [{ [API_KEY_SCHEME]: [] }],
  body: PutWebhook.body,
  response: {
    200: Type.Object(RegisteredWebhook.properties, {
      description: 'The URL as registered and its signing secret.',
      examples: [
        {
          url: 'https://partner.example/hooks/crime-clock',
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        },
      ],
    }),
    400: problem(
      'The URL is refused (INVALID_WEBHOOK_URL: not https, a private address, credentials, too long).',
    ),
    ...ERRORS,
  },
};

export const deleteWebhookSchema = {
  tags: [PARTNER_TAG],
  operationId: 'partnerDeleteWebhook',
  summary: "Remove the key's webhook",
  description: 'Removes the URL and its secret; deliveries not yet made are cancelled.',
  security: [{ [API_KEY_SCHEME]: [] }],
  response: { 200: DeleteWebhook.response[200], ...ERRORS },
};
