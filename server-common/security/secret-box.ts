import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption of secrets at rest (the SMTP password) with AES-256-GCM: a random 12-byte IV per
 * value and the authentication tag stored with it, so a tampered or wrongly-keyed value fails
 * loudly instead of decrypting to garbage. Stored form: `v1:<keyId>:<iv>:<tag>:<ciphertext>`
 * (base64 pieces); the key id names the key that wrote it, so a changed key is reported as such.
 *
 * Rotation: start with the new SECRET_KEY and the old one in SECRET_KEY_PREVIOUS. Values written
 * with a previous key still decrypt, and `isCurrent` tells the owner of a value to write it again
 * with the current key (the API does that for the SMTP password at start-up); once every node runs
 * with the new key, SECRET_KEY_PREVIOUS can be removed.
 */

export interface SecretKey {
  key: Buffer;
  /** Short public fingerprint of the key (not secret: a hash prefix). */
  keyId: string;
  /** Where the key came from, for the start-up log. */
  source: 'SECRET_KEY' | string;
}

export class SecretKeyError extends Error {
  override readonly name = 'SecretKeyError';
}

const KEY_FILE = 'secret.key';
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('crime-clock key id\0').update(key).digest('base64url').slice(0, 8);
}

export function secretKeyFromHex(hex: string, source: string): SecretKey {
  if (!HEX_KEY.test(hex))
    throw new SecretKeyError(`${source} must hold 64 hexadecimal characters (32 bytes).`);
  const key = Buffer.from(hex, 'hex');
  return { key, keyId: keyIdOf(key), source };
}

/**
 * The key from SECRET_KEY, or else from `<dataDir>/secret.key`, created on first use with
 * owner-only permissions. Refuses to start with a malformed key or a key file others can read.
 */
export function loadSecretKey(options: { secretKey: string | undefined; dataDir: string }): SecretKey {
  if (options.secretKey !== undefined) return secretKeyFromHex(options.secretKey.trim(), 'SECRET_KEY');
  const path = join(options.dataDir, KEY_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together never overwrite each other's key.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new SecretKeyError(
        `${path} can be read by other users (mode ${mode.toString(8)}); run: chmod 600 ${path}`,
      );
    }
  }
  return secretKeyFromHex(readFileSync(path, 'utf8').trim(), path);
}

/** Previous keys (SECRET_KEY_PREVIOUS), for reading values written before a rotation. */
export function previousSecretKeys(hexKeys: readonly string[]): SecretKey[] {
  return hexKeys.map((hex) => secretKeyFromHex(hex.trim(), 'SECRET_KEY_PREVIOUS'));
}

export interface SecretBox {
  readonly keyId: string;
  encrypt(plaintext: string): string;
  /**
   * Decrypts with the key that wrote the value (the current one or a previous one). Throws
   * SecretKeyError when no known key wrote it or the value was altered.
   */
  decrypt(stored: string): string;
  /** Whether the value was written with the current key (false: write it again after decrypting). */
  isCurrent(stored: string): boolean;
}

export function createSecretBox(secret: SecretKey, previous: readonly SecretKey[] = []): SecretBox {
  const { keyId } = secret;
  const keys = new Map<string, Buffer>([...previous, secret].map((k) => [k.keyId, k.key]));
  return {
    keyId,
    isCurrent: (stored) => stored.split(':')[1] === keyId,
    encrypt(plaintext) {
      const key = secret.key;
      const iv = randomBytes(IV_LENGTH);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', keyId, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(
        ':',
      );
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts.length !== 5 || parts[0] !== 'v1')
        throw new SecretKeyError('Unknown format of a stored secret.');
      const [, storedKeyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
      const key = keys.get(storedKeyId);
      if (!key) {
        throw new SecretKeyError(
          `A stored secret was encrypted with another key (${storedKeyId}, current ${keyId}); ` +
            'set that key in SECRET_KEY_PREVIOUS or enter the secret again.',
        );
      }
      try {
        const ivBytes = Buffer.from(iv, 'base64');
        if (ivBytes.length !== IV_LENGTH) throw new Error('bad iv');
        // A fixed tag length: GCM would otherwise accept a truncated (forgeable) tag.
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_LENGTH });
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretKeyError(
          'A stored secret could not be decrypted (altered or corrupt); enter it again.',
        );
      }
    },
  };
}
