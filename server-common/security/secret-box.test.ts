import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  loadSecretKey,
  previousSecretKeys,
  secretKeyFromHex,
  SecretKeyError,
} from './secret-box.ts';

const KEY_A = secretKeyFromHex('0f'.repeat(32), 'test');
const KEY_B = secretKeyFromHex('f0'.repeat(32), 'test');

describe('secret box (AES-256-GCM)', () => {
  it('round-trips and never writes the plaintext', () => {
    const box = createSecretBox(KEY_A);
    const stored = box.encrypt('hunter2 \u00e9');
    expect(stored).toMatch(/^v1:[\w-]{8}:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]{24}:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('hunter2');
    expect(box.decrypt(stored)).toBe('hunter2 \u00e9');
  });

  it('uses a fresh IV each time', () => {
    const box = createSecretBox(KEY_A);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a value written with another key, naming the problem', () => {
    const stored = createSecretBox(KEY_A).encrypt('secret');
    expect(() => createSecretBox(KEY_B).decrypt(stored)).toThrow(/another key/);
  });

  it('reads values written with a previous key after a rotation, and says they need rewriting', () => {
    const old = createSecretBox(KEY_A).encrypt('secret');
    const rotated = createSecretBox(KEY_B, [KEY_A]);
    expect(rotated.decrypt(old)).toBe('secret');
    expect(rotated.isCurrent(old)).toBe(false);
    const rewritten = rotated.encrypt(rotated.decrypt(old));
    expect(rotated.isCurrent(rewritten)).toBe(true);
    // Once the previous key is dropped, only the rewritten value is readable.
    expect(createSecretBox(KEY_B).decrypt(rewritten)).toBe('secret');
    expect(() => createSecretBox(KEY_B).decrypt(old)).toThrow(/SECRET_KEY_PREVIOUS/);
  });

  it('takes the previous keys and refuses a malformed one', () => {
    expect(previousSecretKeys([])).toEqual([]);
    expect(previousSecretKeys(['0f'.repeat(32), ` ${'f0'.repeat(32)} `]).map((k) => k.keyId)).toEqual([
      KEY_A.keyId,
      KEY_B.keyId,
    ]);
    expect(() => previousSecretKeys(['abc'])).toThrow(/SECRET_KEY_PREVIOUS must hold 64 hexadecimal/);
  });

  it('detects tampering with the ciphertext or a shortened tag', () => {
    const box = createSecretBox(KEY_A);
    const parts = box.encrypt('secret').split(':');
    const flipped = Buffer.from(parts[4]!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([...parts.slice(0, 4), flipped.toString('base64')].join(':'))).toThrow(
      SecretKeyError,
    );
    const shortTag = Buffer.from(parts[3]!, 'base64').subarray(0, 4).toString('base64');
    expect(() => box.decrypt([parts[0], parts[1], parts[2], shortTag, parts[4]].join(':'))).toThrow(
      SecretKeyError,
    );
    expect(() => box.decrypt('plain text')).toThrow(/Unknown format/);
  });
});

describe('loadSecretKey', () => {
  it('takes SECRET_KEY when set and refuses a malformed one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-key-'));
    expect(loadSecretKey({ secretKey: 'ab'.repeat(32), dataDir: dir }).source).toBe('SECRET_KEY');
    expect(() => loadSecretKey({ secretKey: 'short', dataDir: dir })).toThrow(/64 hexadecimal/);
  });

  it('creates an owner-only key file once and reuses it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cc-key-')), 'nested');
    const first = loadSecretKey({ secretKey: undefined, dataDir: dir });
    const path = join(dir, 'secret.key');
    expect(readFileSync(path, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadSecretKey({ secretKey: undefined, dataDir: dir });
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.keyId).toBe(first.keyId);
  });

  it.skipIf(process.platform === 'win32')('refuses a key file others can read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-key-'));
    writeFileSync(join(dir, 'secret.key'), 'cd'.repeat(32));
    chmodSync(join(dir, 'secret.key'), 0o644);
    expect(() => loadSecretKey({ secretKey: undefined, dataDir: dir })).toThrow(/chmod 600/);
  });

  it('refuses a corrupt key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-key-'));
    writeFileSync(join(dir, 'secret.key'), 'not a key', { mode: 0o600 });
    expect(() => loadSecretKey({ secretKey: undefined, dataDir: dir })).toThrow(/64 hexadecimal/);
  });
});
