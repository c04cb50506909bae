import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  isCommonPassword,
  passwordPolicyProblem,
  randomPassword,
  verifyPassword,
} from './passwords.ts';

const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };

/** A hash as the API stored them before argon2id: scrypt, as a PHC string. */
function scryptPhc(password: string, ln: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, {
    N: 2 ** ln,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  });
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${ln},r=8,p=1$${b64(salt)}$${b64(key)}`;
}

describe('password hashing', { timeout: 60_000 }, () => {
  it('stores argon2id at the OWASP cost as a PHC string with its own salt', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash and flags cheaper ones for an upgrade', async () => {
    const cheap = await hashPassword('pw', CHEAP);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, CHEAP)).toBe(false);
  });

  it('still verifies the scrypt hashes of before, and flags every one of them for argon2id', async () => {
    const old = scryptPhc('an old pass phrase', 17);
    expect(await verifyPassword('an old pass phrase', old)).toBe(true);
    expect(await verifyPassword('an old pass phrasE', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, CHEAP)).toBe(true);
  });

  it('treats the same text typed in different Unicode forms as one password', async () => {
    const hash = await hashPassword('caf\u00e9', CHEAP);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
    expect(await verifyPassword('cafe\u0301', scryptPhc('caf\u00e9', 10))).toBe(true);
  });

  it('refuses strings that are not our hashes, and absurd costs, without throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(
      await verifyPassword('x', '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g'),
    ).toBe(false);
    const real = await hashPassword('x', CHEAP);
    expect(await verifyPassword('x', real.replace('m=1024', 'm=9999999'))).toBe(false);
    expect(await verifyPassword('x', real.replace('$argon2id$', '$argon2d$'))).toBe(false);
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
