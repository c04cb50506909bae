import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { QueryTypes, type Sequelize } from 'sequelize';
import { HttpError } from '../http/errors.ts';
import type { SecretBox } from '../../../server-common/security/secret-box.ts';

/**
 * The optional second factor of an admin: a TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every
 * authenticator app reads it) set up by QR code, plus ten single-use recovery codes. The TOTP
 * secret is stored encrypted with SECRET_KEY; recovery codes only as sha256 (80 random bits each,
 * so a hash cannot be walked back). A code is accepted one step either side of now, and a time
 * step once used is refused after (the atomic `totp_last_step` update), so a seen code cannot be
 * replayed.
 */

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Crime Clock';
const PERIOD_S = 30;
const WINDOW = 1;
const TOTP_PATTERN = /^\d{6}$/;
// Crockford-style base32 without look-alike letters: easy to read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface SecondFactorOptions {
  sequelize: Sequelize;
  /** Encrypts TOTP secrets; without it (tests of other features) setup answers 503. */
  secretBox?: SecretBox;
  now?: () => number;
}

interface TotpRow {
  totp_secret_enc: string | null;
  totp_enabled_at: number | null;
}

const totpFor = (secret: Secret, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });

export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`crime-clock recovery\0${normal}`).digest('hex');
}

export function createSecondFactorService({ sequelize, secretBox, now = Date.now }: SecondFactorOptions) {
  async function row(userId: number): Promise<TotpRow | undefined> {
    const [found] = await sequelize.query<TotpRow>(
      'SELECT totp_secret_enc, totp_enabled_at FROM admin_users WHERE id = ?',
      { replacements: [userId], type: QueryTypes.SELECT },
    );
    return found;
  }

  function box(): SecretBox {
    if (!secretBox) throw new HttpError(503, 'NO_SECRET_KEY', 'The second factor needs the secret key.');
    return secretBox;
  }

  async function status(userId: number) {
    const found = await row(userId);
    const [left] = await sequelize.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM admin_recovery_codes WHERE user_id = ? AND used_at IS NULL',
      { replacements: [userId], type: QueryTypes.SELECT },
    );
    return {
      enabled: found?.totp_enabled_at != null,
      enabledAt: found?.totp_enabled_at == null ? null : Number(found.totp_enabled_at),
      recoveryCodesLeft: Number(left?.n ?? 0),
    };
  }

  /** A new secret, pending until `confirm`; returned once as text, otpauth URI and QR code. */
  async function beginSetup(user: { id: number; username: string }) {
    if ((await status(user.id)).enabled)
      throw new HttpError(
        409,
        'SECOND_FACTOR_ENABLED',
        'The second factor is already on; turn it off first.',
      );
    const secret = new Secret({ size: 20 });
    await sequelize.query('UPDATE admin_users SET totp_secret_enc = ?, totp_last_step = NULL WHERE id = ?', {
      replacements: [box().encrypt(secret.base32), user.id],
      type: QueryTypes.UPDATE,
    });
    const uri = totpFor(secret, user.username).toString();
    return { secret: secret.base32, uri, qrCode: await QRCode.toDataURL(uri, { margin: 2, width: 240 }) };
  }

  /**
   * Whether `code` is the TOTP of now for the stored secret, and not a step already used. The
   * step is claimed with one conditional UPDATE, so two parallel requests cannot both use it.
   */
  async function checkTotp(userId: number, username: string, code: string): Promise<boolean> {
    const found = await row(userId);
    if (!found?.totp_secret_enc || !TOTP_PATTERN.test(code)) return false;
    const secret = Secret.fromBase32(box().decrypt(found.totp_secret_enc));
    const at = now();
    const delta = totpFor(secret, username).validate({ token: code, timestamp: at, window: WINDOW });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / PERIOD_S) + delta;
    const [, claimed] = await sequelize.query(
      'UPDATE admin_users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
      { replacements: [step, userId, step], type: QueryTypes.UPDATE },
    );
    return Number(claimed) === 1;
  }

  /** Uses up a recovery code (one conditional UPDATE: a code works once, even in parallel). */
  async function useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const [, used] = await sequelize.query(
      `UPDATE admin_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
      { replacements: [now(), userId, recoveryCodeHash(code)], type: QueryTypes.UPDATE },
    );
    return Number(used) >= 1;
  }

  /** 'totp' or 'recovery' for an accepted code, null otherwise. */
  async function verify(user: { id: number; username: string }, code: string) {
    const typed = code.replace(/\s/g, '');
    if (TOTP_PATTERN.test(typed)) return (await checkTotp(user.id, user.username, typed)) ? 'totp' : null;
    return (await useRecoveryCode(user.id, typed)) ? 'recovery' : null;
  }

  /** Turns the pending secret on when `code` matches it; returns the recovery codes, shown once. */
  async function confirm(user: { id: number; username: string }, code: string): Promise<string[]> {
    const found = await row(user.id);
    if (found?.totp_enabled_at != null)
      throw new HttpError(409, 'SECOND_FACTOR_ENABLED', 'The second factor is already on.');
    if (!found?.totp_secret_enc)
      throw new HttpError(409, 'NO_SETUP', 'Start the set-up first: no secret is waiting to be confirmed.');
    if (!(await checkTotp(user.id, user.username, code.trim())))
      throw new HttpError(
        400,
        'INVALID_CODE',
        'That code does not match. Check the time on your device and try again.',
      );
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await sequelize.transaction(async (transaction) => {
      await sequelize.query('DELETE FROM admin_recovery_codes WHERE user_id = ?', {
        replacements: [user.id],
        type: QueryTypes.DELETE,
        transaction,
      });
      for (const recovery of codes) {
        await sequelize.query('INSERT INTO admin_recovery_codes (user_id, code_hash) VALUES (?, ?)', {
          replacements: [user.id, recoveryCodeHash(recovery)],
          type: QueryTypes.INSERT,
          transaction,
        });
      }
      await sequelize.query('UPDATE admin_users SET totp_enabled_at = ? WHERE id = ?', {
        replacements: [now(), user.id],
        type: QueryTypes.UPDATE,
        transaction,
      });
    });
    return codes;
  }

  /** Turns the second factor off; needs a current code or a recovery code. */
  async function disable(user: { id: number; username: string }, code: string): Promise<void> {
    if (!(await status(user.id)).enabled)
      throw new HttpError(409, 'SECOND_FACTOR_OFF', 'The second factor is not on.');
    if (!(await verify(user, code))) throw new HttpError(400, 'INVALID_CODE', 'That code does not match.');
    await sequelize.transaction(async (transaction) => {
      await sequelize.query('DELETE FROM admin_recovery_codes WHERE user_id = ?', {
        replacements: [user.id],
        type: QueryTypes.DELETE,
        transaction,
      });
      await sequelize.query(
        'UPDATE admin_users SET totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = ?',
        { replacements: [user.id], type: QueryTypes.UPDATE, transaction },
      );
    });
  }

  return { status, beginSetup, confirm, verify, disable };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
