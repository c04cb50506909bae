import { isIP } from 'node:net';
import { QueryTypes, type Sequelize } from 'sequelize';
import { isValidEmailAddress } from '../../../common/contact/messages.ts';
import type { SmtpSettingsInput, SmtpSettingsView } from '../../../common/contracts/email.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { SecretKeyError, type SecretBox } from '../../../server-common/security/secret-box.ts';
import type { SmtpConnection } from './smtp-client.ts';
import { assertSmtpPortAllowed, smtpPortProblem } from './smtp-port-guard.ts';

/**
 * The one SMTP configuration (a single row), with its password encrypted at rest. The password
 * never leaves this service towards the browser: reads say only whether one is set.
 */

export interface SmtpSettings extends SmtpConnection {
  fromEmail: string;
  adminEmail: string;
}

export const SMTP_LIMITS = { host: 253, user: 254, pass: 256 } as const;
const HOSTNAME =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001F\u007F]/;

interface SettingsRow {
  host: string;
  port: number;
  secure: number | boolean;
  username: string;
  password_enc: string | null;
  from_email: string;
  admin_email: string;
  updated_at: number;
}

/** The input checked and normalised, or a 400 naming the field and the rule. */
export function validateSmtpSettings(
  input: SmtpSettingsInput,
): Omit<SmtpSettings, 'password'> & { pass: string } {
  const entered = input.host.trim();
  if (!entered) throw badRequest('Enter the SMTP server host name.', 'INVALID_SMTP_SETTINGS');
  // An IPv6 address may be typed in URL brackets; the connection wants it bare.
  const address = entered.replace(/^\[(.*)\]$/, '$1');
  const host = isIP(address) !== 0 ? address : entered;
  if (host.length > SMTP_LIMITS.host || !(HOSTNAME.test(host) || isIP(host) !== 0)) {
    throw badRequest(
      'The host must be a host name such as smtp.example.com or an IP address.',
      'INVALID_SMTP_SETTINGS',
    );
  }
  const portText = String(input.port).trim();
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) {
    throw badRequest(
      'The port must be a whole number from 1 to 65535 (usually 587, or 465 for SSL).',
      'INVALID_SMTP_SETTINGS',
    );
  }
  const username = (input.user ?? '').trim();
  if (username.length > SMTP_LIMITS.user || CONTROL.test(username)) {
    throw badRequest(
      `The username must be at most ${SMTP_LIMITS.user} plain characters.`,
      'INVALID_SMTP_SETTINGS',
    );
  }
  const pass = input.pass ?? '';
  if (pass.length > SMTP_LIMITS.pass || CONTROL.test(pass)) {
    throw badRequest(
      `The password must be at most ${SMTP_LIMITS.pass} plain characters.`,
      'INVALID_SMTP_SETTINGS',
    );
  }
  const fromEmail = input.fromEmail.trim();
  if (!isValidEmailAddress(fromEmail)) {
    throw badRequest('The from address must be a valid email address.', 'INVALID_SMTP_SETTINGS');
  }
  const adminEmail = input.adminEmail.trim();
  if (!isValidEmailAddress(adminEmail)) {
    throw badRequest('The admin address must be a valid email address.', 'INVALID_SMTP_SETTINGS');
  }
  return { host, port, secure: input.secure ?? false, username, pass, fromEmail, adminEmail };
}

export interface SmtpSettingsServiceOptions {
  sequelize: Sequelize;
  secretBox: SecretBox;
  now?: () => number;
  /** The ports the mail server may be on (SMTP_ALLOWED_PORTS): required, so no caller forgets it. */
  allowedPorts: readonly number[];
}

/** Stored settings name a port that SMTP_ALLOWED_PORTS does not allow (saved before it applied). */
export class SmtpPortNotAllowedError extends Error {}

export function createSmtpSettingsService({
  sequelize,
  secretBox,
  now = Date.now,
  allowedPorts,
}: SmtpSettingsServiceOptions) {
  /** The form's values checked, the port against SMTP_ALLOWED_PORTS too. */
  function validate(input: SmtpSettingsInput) {
    const valid = validateSmtpSettings(input);
    assertSmtpPortAllowed(valid.port, allowedPorts);
    return valid;
  }

  async function row(): Promise<SettingsRow | null> {
    const rows = await sequelize.query<SettingsRow>(
      `SELECT host, port, secure, username, password_enc, from_email, admin_email, updated_at
       FROM smtp_settings WHERE id = 1`,
      { type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /** For the browser: everything but the password. Null when nothing was saved yet. */
  async function view(): Promise<SmtpSettingsView | null> {
    const r = await row();
    if (!r) return null;
    return {
      host: r.host,
      port: String(r.port),
      user: r.username,
      fromEmail: r.from_email,
      adminEmail: r.admin_email,
      secure: Boolean(r.secure),
      passwordSet: Boolean(r.password_enc),
      updatedAt: new Date(Number(r.updated_at)).toISOString(),
    };
  }

  function storedPassword(r: SettingsRow | null): string {
    if (!r?.password_enc) return '';
    try {
      return secretBox.decrypt(r.password_enc);
    } catch (error) {
      if (error instanceof SecretKeyError) throw new HttpError(409, 'SECRET_UNREADABLE', error.message);
      throw error;
    }
  }

  /**
   * For sending: the full settings with the password decrypted. Null when nothing was saved yet;
   * throws SmtpPortNotAllowedError for a port SMTP_ALLOWED_PORTS does not allow.
   */
  async function load(): Promise<SmtpSettings | null> {
    const r = await row();
    if (!r) return null;
    const problem = smtpPortProblem(Number(r.port), allowedPorts);
    if (problem) throw new SmtpPortNotAllowedError(`${problem} Save the settings with an SMTP port.`);
    return {
      host: r.host,
      port: Number(r.port),
      secure: Boolean(r.secure),
      username: r.username,
      password: r.password_enc ? secretBox.decrypt(r.password_enc) : '',
      fromEmail: r.from_email,
      adminEmail: r.admin_email,
    };
  }

  /**
   * The stored password may stand in for a blank one only towards the stored target: otherwise a
   * session (or a stolen one) could send it to a server of its choosing. A 400 names what changed.
   */
  function assertStoredPasswordFits(valid: ReturnType<typeof validateSmtpSettings>, r: SettingsRow | null) {
    if (valid.pass !== '' || !valid.username || !r?.password_enc) return;
    const changed = [
      r.host.toLowerCase() !== valid.host.toLowerCase() && 'host',
      Number(r.port) !== valid.port && 'port',
      r.username !== valid.username && 'username',
      Boolean(r.secure) !== valid.secure && 'TLS setting',
    ].filter((what): what is string => what !== false);
    if (changed.length > 0) {
      throw badRequest(
        `Enter the SMTP password again: the saved password is only used with the saved host, port, ` +
          `username and TLS setting, and the ${changed.join(', ')} changed.`,
        'SMTP_PASSWORD_REQUIRED',
      );
    }
  }

  /** Settings to try as entered, falling back to the stored password when the form left it blank. */
  async function resolveForTest(input: SmtpSettingsInput): Promise<SmtpSettings> {
    const valid = validate(input);
    if (valid.pass !== '') return { ...valid, password: valid.pass };
    // One read: the password checked to fit is the password used, whatever a save does meanwhile.
    const stored = await row();
    assertStoredPasswordFits(valid, stored);
    return { ...valid, password: valid.username ? storedPassword(stored) : '' };
  }

  async function save(input: SmtpSettingsInput): Promise<SmtpSettingsView> {
    const valid = validate(input);
    const existing = await row();
    assertStoredPasswordFits(valid, existing);
    // Blank keeps the stored password; a username removed means no authentication, so no password.
    let passwordEnc: string | null;
    if (!valid.username) passwordEnc = null;
    else if (valid.pass !== '') passwordEnc = secretBox.encrypt(valid.pass);
    else passwordEnc = existing?.password_enc ?? null;
    const values = [
      valid.host,
      valid.port,
      valid.secure,
      valid.username,
      passwordEnc,
      valid.fromEmail,
      valid.adminEmail,
      now(),
    ];
    await sequelize.transaction(async (transaction) => {
      if (existing) {
        await sequelize.query(
          `UPDATE smtp_settings SET host = ?, port = ?, secure = ?, username = ?, password_enc = ?,
           from_email = ?, admin_email = ?, updated_at = ? WHERE id = 1`,
          { replacements: values, type: QueryTypes.UPDATE, transaction },
        );
      } else {
        await sequelize.query(
          `INSERT INTO smtp_settings (id, host, port, secure, username, password_enc, from_email, admin_email, updated_at)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`,
          { replacements: values, type: QueryTypes.INSERT, transaction },
        );
      }
    });
    return (await view())!;
  }

  /**
   * For start-up: a warning when the stored password cannot be decrypted with today's key (the
   * key changed or the file was lost), so the operator hears it before the first mail fails.
   */
  async function keyProblem(): Promise<string | null> {
    try {
      storedPassword(await row());
      return null;
    } catch (error) {
      if (error instanceof HttpError) return `SMTP password: ${error.message}`;
      throw error;
    }
  }

  /**
   * After a SECRET_KEY rotation: writes the stored password again with the current key. Safe when
   * several API nodes start together: the update only applies to the value it read.
   * Returns whether anything was rewritten.
   */
  async function reencryptWithCurrentKey(): Promise<boolean> {
    const r = await row();
    if (!r?.password_enc || secretBox.isCurrent(r.password_enc)) return false;
    let plaintext: string;
    try {
      plaintext = secretBox.decrypt(r.password_enc);
    } catch (error) {
      if (error instanceof SecretKeyError) return false; // keyProblem() reports it
      throw error;
    }
    await sequelize.query('UPDATE smtp_settings SET password_enc = ? WHERE id = 1 AND password_enc = ?', {
      replacements: [secretBox.encrypt(plaintext), r.password_enc],
      type: QueryTypes.UPDATE,
    });
    return true;
  }

  return { view, load, save, resolveForTest, keyProblem, reencryptWithCurrentKey };
}

export type SmtpSettingsService = ReturnType<typeof createSmtpSettingsService>;
