import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { ErrorBody } from './errors.ts';

/** What a "Check now" answers: the check started and goes on in the background. */
export const CheckStarted = Type.Object({
  started: Type.Literal(true),
  /** One sentence for the admin. */
  message: Type.String(),
});
export type CheckStarted = Static<typeof CheckStarted>;

/**
 * POST /api/admin/data-updates/check (admin): checks data.police.uk for a new month now, as the
 * schedule does, and imports it. 409 while an import or another check runs; the dashboard then
 * reads the outcome from GET /api/data-status (`lastCheck`).
 */
export const PostDataUpdateCheck = endpoint({
  method: 'POST',
  path: '/api/admin/data-updates/check',
  response: { 202: CheckStarted, 409: ErrorBody },
});
