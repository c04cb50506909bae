import { ApiError } from '../../shared/api.ts';

/**
 * Whether turning the second factor on was refused for a wrong current password (400
 * INVALID_PASSWORD): the Security page then marks and focuses its password field.
 */
export function isWrongPassword(failure: unknown): boolean {
  if (!(failure instanceof ApiError) || failure.status !== 400) return false;
  try {
    return (JSON.parse(failure.bodyText) as { code?: unknown } | null)?.code === 'INVALID_PASSWORD';
  } catch {
    return false;
  }
}
