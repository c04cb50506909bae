import { describe, expect, it } from 'vitest';
import type { SmtpSettingsInput } from '../../../common/contracts/email.ts';
import { validateSmtpSettings } from './smtp-settings.ts';

const base: SmtpSettingsInput = {
  host: 'smtp.example.com',
  port: '587',
  user: 'me@example.com',
  pass: 'secret',
  fromEmail: 'clock@example.com',
  adminEmail: 'admin@example.com',
};

describe('validateSmtpSettings', () => {
  it('normalises what the form sends', () => {
    expect(
      validateSmtpSettings({ ...base, host: ' smtp.example.com ', port: ' 465 ', secure: true }),
    ).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      username: 'me@example.com',
      pass: 'secret',
      fromEmail: 'clock@example.com',
      adminEmail: 'admin@example.com',
    });
  });

  it('accepts IP addresses, taking IPv6 out of its brackets', () => {
    expect(validateSmtpSettings({ ...base, host: '192.0.2.10' }).host).toBe('192.0.2.10');
    expect(validateSmtpSettings({ ...base, host: '[2001:db8::25]' }).host).toBe('2001:db8::25');
    expect(validateSmtpSettings({ ...base, host: '2001:db8::25' }).host).toBe('2001:db8::25');
  });

  it('refuses hosts that are neither names nor addresses', () => {
    for (const host of [
      '..',
      'smtp..example.com',
      '-smtp.example.com',
      'smtp.example.com:587',
      '[smtp]',
      'a b',
    ]) {
      expect(() => validateSmtpSettings({ ...base, host })).toThrow(/host/);
    }
  });

  it('allows no username (a relay without sign-in) and defaults secure to off', () => {
    expect(validateSmtpSettings({ ...base, user: undefined, pass: undefined })).toMatchObject({
      username: '',
      pass: '',
      secure: false,
    });
  });

  it('refuses a line break in the username (it would reach the SMTP dialogue)', () => {
    expect(() => validateSmtpSettings({ ...base, user: 'me\r\nRSET' })).toThrow(/username/);
  });
});
