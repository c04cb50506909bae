import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_TEXTS } from '../../../../common/contact/messages.ts';
import { ApiError } from '../../shared/api.ts';
import { REPORT_PAGE, sendDataIssueReport, sendFailureParts } from './contactApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendFailureParts', () => {
  const body = (error: string, code: string, more: object = {}) =>
    JSON.stringify({ success: false, error, code, ...more });

  it("names a refusal of the shared check by that check's own text", () => {
    const refused = new ApiError(400, 'Bad Request', body(CONTACT_TEXTS.invalidEmail, 'INVALID_MESSAGE'));
    expect(sendFailureParts(refused)).toEqual([{ id: 'contactTexts.invalidEmail' }]);
  });

  it('words too many messages by its code, with the wait in whole minutes', () => {
    const refused = new ApiError(
      429,
      'Too Many Requests',
      body(
        'You have sent several messages in a short time. Please try again in 5 minutes.',
        'TOO_MANY_MESSAGES',
        {
          retryAfterSeconds: 241,
        },
      ),
    );
    expect(sendFailureParts(refused)).toEqual([
      { id: 'errors.code.TOO_MANY_MESSAGES' },
      { id: 'errors.tryAgainIn', values: { minutes: 5 } },
    ]);
  });

  it('leaves anything else to the specification text', () => {
    expect(
      sendFailureParts(new ApiError(500, 'Internal Server Error', body('Internal Server Error', 'INTERNAL'))),
    ).toBe(undefined);
    expect(sendFailureParts(new ApiError(400, 'Bad Request', body('odd', 'SOMETHING_ELSE')))).toBe(undefined);
    expect(sendFailureParts(new TypeError('Failed to fetch'))).toBe(undefined);
  });
});

describe('sendDataIssueReport', () => {
  it('names the survey clock page and the time of sending', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ success: true, message: 'Thank you.' }, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await sendDataIssueReport({ issue: 'Wrong total' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/email/data-issue');
    const sent = JSON.parse(String(init?.body)) as Record<string, string>;
    expect(sent).toMatchObject({ issue: 'Wrong total', page: REPORT_PAGE });
    expect(REPORT_PAGE).toBe('CSEW Crime Clock');
    expect(Number.isNaN(Date.parse(sent.timestamp!))).toBe(false);
  });
});
