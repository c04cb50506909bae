import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH } from '../../../common/contracts/auth.ts';

export { PASSWORD_MAX_LENGTH };

/**
 * Password hashing with argon2id at the OWASP / ASVS cost (m = 19 MiB, t = 2, p = 1), stored as
 * the PHC string that carries its own parameters and salt, so the cost can be raised later without
 * invalidating existing hashes:  $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
 *
 * argon2id rather than scrypt for memory: scrypt at its OWASP cost (N = 2^17, r = 8) needs 128 MiB
 * per hash, so two sign-ins checked at once added ~250 MB to the API's resident memory; argon2id
 * needs 19 MiB for equal resistance. Hashes made before ($scrypt$ln=17,r=8,p=1$…) are still
 * verified, and replaced by argon2id at their account's next sign-in (needsRehash).
 */

export const PASSWORD_MIN_LENGTH = 12;

/** argon2id's cost: memory in KiB, passes over it, lanes. */
export interface PasswordCost {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

export const DEFAULT_COST: PasswordCost = { memoryKiB: 19 * 1024, passes: 2, parallelism: 1 };

// Beyond these a stored string would make verification a denial of service rather than a check.
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 4;

/** The same password typed on different keyboards or systems must hash the same (NIST 800-63B). */
function normalise(password: string): string {
  return password.normalize('NFKC');
}

export async function hashPassword(password: string, cost: PasswordCost = DEFAULT_COST): Promise<string> {
  return argon2Hash(normalise(password), {
    memoryCost: cost.memoryKiB,
    timeCost: cost.passes,
    parallelism: cost.parallelism,
    // Algorithm.Argon2id; the enum is a `const enum`, which isolated modules cannot import.
    algorithm: 2,
  });
}

const ARGON2ID_PHC =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{22,}$/;

function argon2Cost(stored: string): PasswordCost | null {
  const match = ARGON2ID_PHC.exec(stored);
  if (!match) return null;
  const cost = { memoryKiB: Number(match[1]), passes: Number(match[2]), parallelism: Number(match[3]) };
  const sane =
    cost.memoryKiB >= 8 * cost.parallelism &&
    cost.memoryKiB <= MAX_MEMORY_KIB &&
    cost.passes >= 1 &&
    cost.passes <= MAX_PASSES &&
    cost.parallelism >= 1 &&
    cost.parallelism <= MAX_PARALLELISM;
  return sane ? cost : null;
}

/** False for a wrong password and for a stored string that is not one of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (argon2Cost(stored)) return argon2Verify(stored, normalise(password));
  const legacy = parseScryptHash(stored);
  if (!legacy) return false;
  const candidate = await deriveScrypt(password, legacy.salt, legacy.cost, legacy.key.length);
  return timingSafeEqual(candidate, legacy.key);
}

/**
 * True when a stored hash should be replaced at the next sign-in: any scrypt hash (moved to
 * argon2id), or an argon2id hash cheaper than today's cost.
 */
export function needsRehash(stored: string, cost: PasswordCost = DEFAULT_COST): boolean {
  const found = argon2Cost(stored);
  return (
    !found ||
    found.memoryKiB < cost.memoryKiB ||
    found.passes < cost.passes ||
    found.parallelism < cost.parallelism
  );
}

// The hashes of before argon2id: $scrypt$ln=17,r=8,p=1$<salt>$<hash> (unpadded base64). Verified
// only, never made.
interface ScryptCost {
  /** log2 of N */
  ln: number;
  r: number;
  p: number;
}
const MAX_SCRYPT_LN = 20;
const MAX_SCRYPT_R = 16;
const MAX_SCRYPT_P = 4;

function parseScryptHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    stored,
  );
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (
    cost.ln < 1 ||
    cost.ln > MAX_SCRYPT_LN ||
    cost.r < 1 ||
    cost.r > MAX_SCRYPT_R ||
    cost.p < 1 ||
    cost.p > MAX_SCRYPT_P
  )
    return null;
  const keyBytes = Buffer.from(key!, 'base64');
  if (keyBytes.length < 16) return null;
  return { cost, salt: Buffer.from(salt!, 'base64'), key: keyBytes };
}

function deriveScrypt(password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> {
  const N = 2 ** cost.ln;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * 1024 * 1024 + 128 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(normalise(password), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

// A data file beside this module (in dist/ too: scripts/build/copy-data-files.mjs), read once at start.
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/**
 * Whether a password is a well-known one, or one of those with digits and symbols around it
 * ("Password2024!", "!!dragon123456"), or one character repeated: the guesses every attacker
 * tries first, whatever their length.
 */
export function isCommonPassword(password: string): boolean {
  const lower = normalise(password).toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(/^[\d\W_]+/u, '').replace(/[\d\W_]+$/u, '');
  if (core.length > 0 && COMMON_PASSWORDS.has(core)) return true;
  return new Set(lower).size <= 2;
}

/**
 * A policy problem in words, or null: long enough, not too long, and not a common password; no
 * composition rules (OWASP ASVS 6.2, NIST 800-63B).
 */
export function passwordPolicyProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (isCommonPassword(password))
    return 'That password is too common (it is on lists attackers try first); choose another.';
  return null;
}

/** A password for a generated account: 120 random bits in 20 URL-safe characters. */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
