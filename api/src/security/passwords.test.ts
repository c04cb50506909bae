import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
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
  it('asks for 8 to 128 characters and nothing else', () => {
    expect(passwordPolicyProblem('short')).toMatch(/at least 8/);
    expect(passwordPolicyProblem('eightchr')).toBeNull();
    expect(passwordPolicyProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordPolicyProblem('\u{1F600}'.repeat(100))).toBeNull();
  });

  it('generates passwords that pass it and differ', () => {
    const a = randomPassword();
    expect(passwordPolicyProblem(a)).toBeNull();
    expect(a).toHaveLength(20);
    expect(randomPassword()).not.toBe(a);
  });
});
