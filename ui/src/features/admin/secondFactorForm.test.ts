import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { isWrongPassword } from './secondFactorForm.ts';

describe('isWrongPassword', () => {
  const answer = (status: number, body: unknown) =>
    new ApiError(status, 'x', typeof body === 'string' ? body : JSON.stringify(body));

  it('recognises the 400 INVALID_PASSWORD of turning the second factor on', () => {
    expect(
      isWrongPassword(
        answer(400, {
          success: false,
          code: 'INVALID_PASSWORD',
          error: 'That is not your current password.',
        }),
      ),
    ).toBe(true);
  });

  it('is false for a wrong code, a 401, a body that is not JSON, or any other failure', () => {
    expect(isWrongPassword(answer(400, { success: false, error: 'Wrong code.', code: 'INVALID_CODE' }))).toBe(
      false,
    );
    expect(
      isWrongPassword(answer(401, { success: false, error: 'Wrong password.', code: 'INVALID_PASSWORD' })),
    ).toBe(false);
    expect(isWrongPassword(answer(400, '<html>Bad gateway</html>'))).toBe(false);
    expect(isWrongPassword(answer(400, 'null'))).toBe(false);
    expect(isWrongPassword(new Error('INVALID_PASSWORD'))).toBe(false);
  });
});
