import { ApiError } from '../../shared/api.ts';

/**
 * Whether turning the second factor on was refused for a wrong current password (400
 * INVALID_PASSWORD): the Security page then marks and focuses its password field.
 */
export function isWrongPassword(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 400 && failure.code === 'INVALID_PASSWORD';
}
