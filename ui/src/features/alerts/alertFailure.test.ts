import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { alertFailureMessage } from './alertFailure.ts';

const refusal = (status: number, code: string) =>
  new ApiError(status, 'x', JSON.stringify({ success: false, error: 'English words', code }));

describe('alertFailureMessage', () => {
  it("names the alerts routes' refusals by their code, not by the server's English", () => {
    expect(alertFailureMessage(refusal(400, 'INVALID_EMAIL'))).toBe('alerts.error.email');
    expect(alertFailureMessage(refusal(400, 'INVALID_AREA'))).toBe('alerts.error.area');
    expect(alertFailureMessage(refusal(429, 'TOO_MANY_ALERT_REQUESTS'))).toBe('alerts.error.tooMany');
    expect(alertFailureMessage(refusal(404, 'UNKNOWN_TOKEN'))).toBe('alerts.error.unknownToken');
    expect(alertFailureMessage(refusal(503, 'EMAIL_UNAVAILABLE'))).toBe('alerts.error.unavailable');
    expect(alertFailureMessage(refusal(422, 'AREA_NOT_PUBLISHED'))).toBe('alerts.error.silent');
  });

  it('falls back on the kind of failure', () => {
    expect(alertFailureMessage(new ApiError(502, 'Bad Gateway', '<html></html>'))).toBe(
      'alerts.error.server',
    );
    expect(alertFailureMessage(new ApiError(429, 'Too Many', ''))).toBe('alerts.error.tooMany');
    expect(alertFailureMessage(refusal(400, 'SOMETHING_ELSE'))).toBe('alerts.error.other');
    expect(alertFailureMessage(new TypeError('Failed to fetch'))).toBe('alerts.error.network');
  });
});
