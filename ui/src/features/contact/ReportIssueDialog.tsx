import { useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  validateDataIssueReport,
} from '../../../../common/contact/messages.ts';
import type { ButtonProps } from '../../shared/ui/Button.tsx';
import { REPORT_PAGE, sendDataIssueReport } from './contactApi.ts';
import { SendDialogButton, useSendDialog } from './SendDialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';

/** The survey clock page's "Report Issue" button and its anonymous report dialog. */
export function ReportIssueDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const dialog = useSendDialog({
    sentTitle: CONTACT_TEXTS.reportSentTitle,
    sent: CONTACT_TEXTS.reportSent,
    failed: CONTACT_TEXTS.reportFailed,
  });
  const [issue, setIssue] = useState('');

  const submit = () =>
    dialog.send(validateDataIssueReport({ issue, page: REPORT_PAGE }), async (report) => {
      await sendDataIssueReport({ issue: report.issue });
      setIssue('');
    });

  return (
    <SendDialogButton
      {...props}
      dialog={dialog}
      label="Report Issue"
      title="Report a Data Issue"
      description="Seen a figure that looks wrong on the CSEW Crime Clock? Tell us what and where. Reports are anonymous: we do not ask for your name or email."
      submitLabel="Send Report"
      onSubmit={submit}
    >
      <TextAreaField
        label="Describe the issue"
        name="issue"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.issue}
        placeholder="For example: the fraud count looks too high compared with the ONS bulletin."
        value={issue}
        onChange={(event) => {
          setIssue(event.target.value);
          dialog.clearError();
        }}
      />
    </SendDialogButton>
  );
}
