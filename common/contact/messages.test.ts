import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  isValidEmailAddress,
  validateContactMessage,
  validateDataIssueReport,
} from './messages.ts';

describe('contact message validation', () => {
  const valid = {
    name: ' Ada ',
    email: 'ada@example.org',
    message: 'Hello\nthere',
    timestamp: '2025-06-01T10:00:00Z',
  };

  it('accepts a complete message and trims it', () => {
    expect(validateContactMessage(valid)).toEqual({
      ok: true,
      value: {
        name: 'Ada',
        email: 'ada@example.org',
        message: 'Hello\nthere',
        timestamp: '2025-06-01T10:00:00Z',
      },
    });
  });

  it.each([
    [{ ...valid, name: '   ' }],
    [{ ...valid, email: '' }],
    [{ ...valid, message: undefined }],
    [{ ...valid, message: 42 }],
    [{}],
  ])('asks for every field when one is blank or missing (%#)', (input) => {
    expect(validateContactMessage(input)).toEqual({ ok: false, error: CONTACT_TEXTS.fillAllFields });
  });

  it.each(['no-at-sign', 'a@b', 'two@@example.org', 'spa ce@example.org', 'x@example.org\nBcc: y@z.org'])(
    'refuses the address %j',
    (email) => {
      expect(validateContactMessage({ ...valid, email })).toEqual({
        ok: false,
        error: CONTACT_TEXTS.invalidEmail,
      });
    },
  );

  it('refuses over-long fields with the limit in the message', () => {
    const result = validateContactMessage({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) });
    expect(result).toEqual({ ok: false, error: expect.stringContaining('5,000 characters') });
    expect(validateContactMessage({ ...valid, name: 'n'.repeat(101) }).ok).toBe(false);
    expect(validateContactMessage({ ...valid, email: `${'a'.repeat(250)}@example.org` })).toEqual({
      ok: false,
      error: CONTACT_TEXTS.invalidEmail,
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateContactMessage({ ...valid, message: '\u{1F600}'.repeat(CONTACT_LIMITS.message) }).ok).toBe(
      true,
    );
  });

  it('refuses line breaks in the name and control characters anywhere', () => {
    expect(validateContactMessage({ ...valid, name: 'Ada\nBcc: x' }).ok).toBe(false);
    expect(validateContactMessage({ ...valid, message: 'bell\u0007' }).ok).toBe(false);
  });

  it('treats the timestamp as optional but refuses a malformed one', () => {
    expect(validateContactMessage({ ...valid, timestamp: undefined })).toMatchObject({
      ok: true,
      value: { timestamp: null },
    });
    expect(validateContactMessage({ ...valid, timestamp: 'yesterday-ish' })).toMatchObject({ ok: false });
    expect(validateContactMessage({ ...valid, timestamp: 12 })).toMatchObject({ ok: false });
  });
});

describe('data issue report validation', () => {
  it('accepts a description and names the page', () => {
    expect(
      validateDataIssueReport({ issue: ' Wrong total ', page: 'CSEW Crime Clock', timestamp: null }),
    ).toEqual({
      ok: true,
      value: { issue: 'Wrong total', page: 'CSEW Crime Clock', timestamp: null },
    });
    expect(validateDataIssueReport({ issue: 'x' })).toMatchObject({
      ok: true,
      value: { page: 'Unknown page' },
    });
  });

  it('asks for a description when there is none', () => {
    expect(validateDataIssueReport({ issue: ' ', page: 'p' })).toEqual({
      ok: false,
      error: CONTACT_TEXTS.describeIssue,
    });
  });

  it('refuses an over-long description or page', () => {
    expect(validateDataIssueReport({ issue: 'x'.repeat(5001), page: 'p' }).ok).toBe(false);
    expect(validateDataIssueReport({ issue: 'x', page: 'p'.repeat(201) }).ok).toBe(false);
  });
});

describe('isValidEmailAddress', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmailAddress('first.last+tag@sub.example.co.uk')).toBe(true);
  });
  it('refuses addresses without a domain dot or with a trailing dot', () => {
    expect(isValidEmailAddress('root@localhost')).toBe(false);
    expect(isValidEmailAddress('a@example.')).toBe(false);
  });
});
