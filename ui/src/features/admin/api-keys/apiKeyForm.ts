import { ApiError } from '../../../shared/api.ts';
import {
  DEFAULT_DAILY_RATE_LIMIT,
  MAX_DAILY_RATE_LIMIT,
  type NewApiKey,
} from '../../../../../common/contracts/api-keys.ts';

/** The API keys screen's rules and words. */

export { DEFAULT_DAILY_RATE_LIMIT, MAX_DAILY_RATE_LIMIT };
export const NAME_MAX_LENGTH = 100;
export const COPIED_TICK_MS = 2000;

export const API_KEY_TEXTS = {
  loadFailedTitle: 'Load Failed',
  loadFailed: 'Failed to load API keys.',
  validationTitle: 'Validation Error',
  nameRequired: 'Please provide a name for the API key.',
  createdTitle: 'API Key Created',
  created: 'Your new API key has been generated. Save it now!',
  createFailedTitle: 'Creation Failed',
  createFailed: 'Failed to create API key.',
  createNetwork: 'Network error while creating API key.',
  revokedTitle: 'API Key Revoked',
  revokeFailedTitle: 'Revocation Failed',
  revokeFailed: 'Failed to revoke API key.',
  revokeNetwork: 'Network error while revoking API key.',
  copiedTitle: 'Copied!',
  copied: 'API key copied to clipboard.',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Select the key and copy it by hand.',
  empty: 'No API keys created yet. Generate your first key above.',
  anyDomain: 'Any',
  never: 'Never',
} as const;

export interface ApiKeyFormValues {
  name: string;
  domain: string;
  dailyRateLimit: string;
}

export const EMPTY_FORM: ApiKeyFormValues = {
  name: '',
  domain: '',
  dailyRateLimit: String(DEFAULT_DAILY_RATE_LIMIT),
};

/** The create button is enabled once the name has something besides spaces. */
export function canSubmitApiKey(form: ApiKeyFormValues): boolean {
  return form.name.trim() !== '';
}

/** The typed limit as a whole number; anything that does not read as one from 1 up means the default. */
export function parseDailyLimit(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) || value < 1 ? DEFAULT_DAILY_RATE_LIMIT : value;
}

export function apiKeyPayload(form: ApiKeyFormValues): NewApiKey {
  const domain = form.domain.trim();
  return {
    name: form.name.trim(),
    domain: domain === '' ? null : domain,
    dailyRateLimit: parseDailyLimit(form.dailyRateLimit),
  };
}

export function revokeConfirmText(name: string): string {
  return `Are you sure you want to revoke the API key "${name}"? This action cannot be undone.`;
}

/** The specification treats any status other than "active" as revoked. */
export function isActive(status: string): boolean {
  return status === 'active';
}

/**
 * A failed call in the screen's words: the server's message when it gave one, the fallback when
 * it answered without one, and the network text when no answer came at all.
 */
export function failureText(error: unknown, fallback: string, network: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return network;
}
