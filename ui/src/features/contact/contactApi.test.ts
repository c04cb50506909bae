import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_TEXTS } from '../../../../common/contact/messages.ts';
import { ApiError } from '../../shared/api.ts';
import { REPORT_PAGE, sendDataIssueReport, sendFailureText } from './contactApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendFailureText', () => {
  const body = (error: string) => JSON.stringify({ success: false, error });

  it('passes on what the visitor can act on: a refused field, too many messages', () => {
    expect(sendFailureText(new ApiError(400, 'Bad Request', body('The message is too long.')), 'x')).toBe(
      'The message is too long.',
    );
    expect(
      sendFailureText(new ApiError(429, 'Too Many Requests', body('Please try again in 5 minutes.')), 'x'),
    ).toBe('Please try again in 5 minutes.');
  });

  it('falls back to the specification text for anything else', () => {
    expect(
      sendFailureText(
        new ApiError(500, 'Internal Server Error', body('Internal Server Error')),
        CONTACT_TEXTS.contactFailed,
      ),
    ).toBe(CONTACT_TEXTS.contactFailed);
    expect(sendFailureText(new TypeError('Failed to fetch'), CONTACT_TEXTS.reportFailed)).toBe(
      CONTACT_TEXTS.reportFailed,
    );
  });
});

describe('sendDataIssueReport', () => {
  it('names the survey clock page and the time of sending', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ success: true }, { status: 202 }));
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
