import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  isCommonPassword,
  passwordPolicyProblem,
  randomPassword,
  verifyPassword,
} from './passwords.ts';

describe('password hashing', () => {
  it('stores scrypt at the OWASP cost as a PHC string with its own salt', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  }, 30_000); // CPU-heavy on purpose: give a busy machine time

  it('verifies with the parameters stored in the hash and flags cheaper ones for an upgrade', async () => {
    const cheap = await hashPassword('pw', { ln: 10, r: 8, p: 1 });
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
  });

  it('treats the same text typed in different Unicode forms as one password', async () => {
    const hash = await hashPassword('caf\u00e9', { ln: 10, r: 8, p: 1 });
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('refuses strings that are not our hashes, and absurd costs, without throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(
      await verifyPassword('x', '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g'),
    ).toBe(false);
  });
});

describe('password policy', () => {
  it('asks for 12 to 128 characters and no composition', () => {
    expect(passwordPolicyProblem('short')).toMatch(/at least 12/);
    expect(passwordPolicyProblem('elevenchars')).toMatch(/at least 12/);
    expect(passwordPolicyProblem('twelve chars')).toBeNull();
    expect(passwordPolicyProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordPolicyProblem('\u{1F600}\u{1F431}'.repeat(50) + 'a')).toBeNull();
  });

  it('refuses common passwords of any length, with digits and symbols around them too', () => {
    for (const common of [
      'qwertyuiop123',
      '1qaz2wsx3edc',
      'administrator',
      'Password2024!',
      '!!dragon123456',
      'LETMEIN123456',
      'aaaaaaaaaaaaaaaa',
      'abababababab',
    ]) {
      expect(passwordPolicyProblem(common), common).toMatch(/too common/);
    }
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword('dragonfly in the garden 7')).toBe(false);
  });

  it('generates passwords that pass it and differ', () => {
    const a = randomPassword();
    expect(passwordPolicyProblem(a)).toBeNull();
    expect(a).toHaveLength(20);
    expect(randomPassword()).not.toBe(a);
  });
});
