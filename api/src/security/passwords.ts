import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../../common/contracts/auth.ts';
import { COMMON_PASSWORDS_TEXT } from './passwords-common-list.ts';

export { PASSWORD_MAX_LENGTH };

/**
 * Password hashing with scrypt at the OWASP-recommended cost (N = 2^17, r = 8, p = 1), stored as a
 * PHC string that carries its own parameters and salt, so the cost can be raised later without
 * invalidating existing hashes:  $scrypt$ln=17,r=8,p=1$<salt>$<hash>  (unpadded base64).
 */

export const PASSWORD_MIN_LENGTH = 12;

export interface ScryptCost {
  /** log2 of N */
  ln: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { ln: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Beyond these a stored string would make verification a denial of service rather than a check.
const MAX_LN = 20;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> {
  const N = 2 ** cost.ln;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * 1024 * 1024 + 128 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(normalise(password), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The same password typed on different keyboards or systems must hash the same (NIST 800-63B). */
function normalise(password: string): string {
  return password.normalize('NFKC');
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    stored,
  );
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (cost.ln < 1 || cost.ln > MAX_LN || cost.r < 1 || cost.r > MAX_R || cost.p < 1 || cost.p > MAX_P)
    return null;
  const keyBytes = Buffer.from(key!, 'base64');
  if (keyBytes.length < 16) return null;
  return { cost, salt: Buffer.from(salt!, 'base64'), key: keyBytes };
}

/** False for a wrong password and for a stored string that is not one of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash is cheaper than today's cost and should be replaced at the next login. */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_COST): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.ln < cost.ln || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

const COMMON_PASSWORDS = new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));

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
