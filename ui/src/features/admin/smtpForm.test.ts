import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import {
  canSubmitSmtp,
  formFromSettings,
  saveFailure,
  SMTP_TEXTS,
  smtpPayload,
  testFailure,
  testOutcome,
  withSecure,
  type SmtpFormValues,
} from './smtpForm.ts';

const form: SmtpFormValues = {
  host: ' smtp.example.com ',
  port: '587',
  user: ' mailer@example.com',
  pass: ' secret with spaces ',
  fromEmail: 'noreply@example.com ',
  adminEmail: 'admin@example.com',
  secure: false,
};

describe('the settings form', () => {
  it('starts from the stored settings with an empty password field', () => {
    const values = formFromSettings({
      host: 'h',
      port: '',
      user: 'u@example.com',
      fromEmail: 'f@example.com',
      adminEmail: 'a@example.com',
      secure: false,
      passwordSet: true,
    });
    expect(values).toMatchObject({ port: '587', pass: '' });
  });

  it('needs a host and a username before Save or Test', () => {
    expect(canSubmitSmtp(form)).toBe(true);
    expect(canSubmitSmtp({ ...form, host: '  ' })).toBe(false);
    expect(canSubmitSmtp({ ...form, user: '' })).toBe(false);
  });

  it('moves between 587 and 465 with SSL/TLS, leaving other ports alone', () => {
    expect(withSecure(form, true)).toMatchObject({ secure: true, port: '465' });
    expect(withSecure({ ...form, port: '465', secure: true }, false)).toMatchObject({ port: '587' });
    expect(withSecure({ ...form, port: '2525' }, true)).toMatchObject({ port: '2525' });
  });

  it('trims every field but the password', () => {
    expect(smtpPayload(form)).toEqual({
      host: 'smtp.example.com',
      port: '587',
      user: 'mailer@example.com',
      pass: ' secret with spaces ',
      fromEmail: 'noreply@example.com',
      adminEmail: 'admin@example.com',
      secure: false,
    });
  });
});

describe('outcomes in the specification’s words', () => {
  const refused = new ApiError(
    400,
    'Bad Request',
    JSON.stringify({
      success: false,
      error: 'The port must be a whole number.',
      code: 'INVALID_SMTP_SETTINGS',
    }),
  );
  const bare = new ApiError(500, 'Internal Server Error', '');
  const offline = new TypeError('Failed to fetch');

  it('for a save', () => {
    expect(saveFailure(refused)).toMatchObject({
      title: 'Save Failed',
      toast: 'The port must be a whole number.',
    });
    expect(saveFailure(bare).toast).toBe(SMTP_TEXTS.saveFailed);
    expect(saveFailure(offline).toast).toBe('Network error while saving settings.');
  });

  it('for a test', () => {
    expect(testOutcome({ success: true, message: 'SMTP connection is working!' })).toEqual({
      ok: true,
      title: 'Test Successful',
      toast: 'SMTP connection is working!',
      alert: 'SMTP connection is working!',
    });
    expect(testOutcome({ success: true })).toMatchObject({ alert: 'Test completed' });
    expect(testOutcome({ success: false, message: 'Connection refused by 127.0.0.1:25.' })).toMatchObject({
      ok: false,
      title: 'Test Failed',
      toast: 'Connection refused by 127.0.0.1:25.',
    });
    expect(testOutcome({ success: false })).toMatchObject({
      toast: 'SMTP connection failed.',
      alert: 'Test completed',
    });
    expect(testFailure(bare).toast).toBe('SMTP connection failed.');
    expect(testFailure(offline).toast).toBe('Network error during test.');
  });
});
