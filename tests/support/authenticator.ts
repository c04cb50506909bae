import { Secret, TOTP } from 'otpauth';

/**
 * What an authenticator app shows for a base32 secret at `at` (ms): 6 digits, 30 s, SHA-1, the
 * settings the product's second factor uses. Test-only.
 */
export function authenticatorCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });
}
