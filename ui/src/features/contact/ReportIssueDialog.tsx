import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CONTACT_LIMITS, validateDataIssueReport } from '../../../../common/contact/messages.ts';
import type { ButtonProps } from '../../shared/ui/Button.tsx';
import { REPORT_PAGE, sendDataIssueReport } from './contactApi.ts';
import { contactTextId } from './contactTexts.ts';
import { SendDialogButton, useSendDialog } from './SendDialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';

/** The survey clock page's "Report Issue" button and its anonymous report dialog. */
export function ReportIssueDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const intl = useIntl();
  const dialog = useSendDialog({
    sentTitle: intl.formatMessage({ id: contactTextId('reportSentTitle') }),
    sent: intl.formatMessage({ id: contactTextId('reportSent') }),
    failed: intl.formatMessage({ id: contactTextId('reportFailed') }),
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
      label={intl.formatMessage({ id: 'report.button' })}
      title={intl.formatMessage({ id: 'report.title' })}
      description={intl.formatMessage({ id: 'report.description' })}
      submitLabel={intl.formatMessage({ id: 'report.submit' })}
      onSubmit={submit}
    >
      <TextAreaField
        label={intl.formatMessage({ id: 'report.issue' })}
        name="issue"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.issue}
        placeholder={intl.formatMessage({ id: 'report.placeholder' })}
        // The report's one field: whatever the form's check refused is about it.
        aria-invalid={dialog.refusal ? true : undefined}
        aria-describedby={dialog.refusal ? dialog.errorId : undefined}
        value={issue}
        onChange={(event) => {
          setIssue(event.target.value);
          dialog.clearError();
        }}
      />
    </SendDialogButton>
  );
}
