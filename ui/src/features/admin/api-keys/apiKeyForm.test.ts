import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api.ts';
import {
  API_KEY_TEXTS,
  apiKeyPayload,
  canSubmitApiKey,
  failureText,
  isActive,
  parseDailyLimit,
  revokeConfirmText,
} from './apiKeyForm.ts';
import { curlExample, EXAMPLE_SEARCH_BODY } from './usageExample.ts';

describe('the new API key form', () => {
  it('needs a name with more than spaces', () => {
    expect(canSubmitApiKey({ name: '', domain: '', dailyRateLimit: '1000' })).toBe(false);
    expect(canSubmitApiKey({ name: '   ', domain: 'x', dailyRateLimit: '1000' })).toBe(false);
    expect(canSubmitApiKey({ name: ' a ', domain: '', dailyRateLimit: '' })).toBe(true);
  });

  it('trims the name and domain, and sends an empty domain as null', () => {
    expect(apiKeyPayload({ name: '  Partner  ', domain: '   ', dailyRateLimit: '250' })).toEqual({
      name: 'Partner',
      domain: null,
      dailyRateLimit: 250,
    });
    expect(apiKeyPayload({ name: 'P', domain: ' partner.example ', dailyRateLimit: '250' }).domain).toBe(
      'partner.example',
    );
  });

  it.each([
    ['1000', 1000],
    ['42', 42],
    [' 7 ', 7],
    ['12.9', 12],
    ['', 1000],
    ['abc', 1000],
    ['0', 1000],
    ['-5', 1000],
  ])('reads the daily limit %j as %d', (text, expected) => {
    expect(parseDailyLimit(text)).toBe(expected);
  });
});

describe('the key list', () => {
  it('asks before revoking, in the specified words', () => {
    expect(revokeConfirmText('Partner Site')).toBe(
      'Are you sure you want to revoke the API key "Partner Site"? This action cannot be undone.',
    );
  });

  it('treats every status but "active" as revoked', () => {
    expect(isActive('active')).toBe(true);
    for (const status of ['revoked', 'disabled', '', 'ACTIVE']) expect(isActive(status)).toBe(false);
  });

  it('shows the server message, the fallback, or the network text', () => {
    const withMessage = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ success: false, error: 'Name taken', code: 'INVALID_NAME' }),
    );
    const bare = new ApiError(500, 'Internal Server Error', '');
    expect(failureText(withMessage, API_KEY_TEXTS.createFailed, API_KEY_TEXTS.createNetwork)).toBe(
      'Name taken',
    );
    expect(failureText(bare, API_KEY_TEXTS.createFailed, API_KEY_TEXTS.createNetwork)).toBe(
      'Failed to create API key.',
    );
    expect(
      failureText(new TypeError('Failed to fetch'), API_KEY_TEXTS.createFailed, API_KEY_TEXTS.createNetwork),
    ).toBe('Network error while creating API key.');
  });
});

describe('the usage example', () => {
  it('is a curl call of the partner search with the key in X-API-Key', () => {
    const curl = curlExample('https://crimeclock.example', 'cck_abc');
    expect(curl).toContain("curl -X POST 'https://crimeclock.example/api/external/crime-search'");
    expect(curl).toContain("-H 'X-API-Key: cck_abc'");
    expect(curl).toContain("-H 'Content-Type: application/json'");
    expect(curl).toContain(`-d '${JSON.stringify(EXAMPLE_SEARCH_BODY)}'`);
  });

  it('quotes what a shell would otherwise read', () => {
    expect(curlExample("https://x.example/it's", 'k')).toContain(
      "'https://x.example/it'\\''s/api/external/crime-search'",
    );
  });
});
