import { useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  validateDataIssueReport,
} from '../../../../common/contact/messages.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button, type ButtonProps } from '../../shared/ui/Button.tsx';
import { useToast } from '../toast/useToast.ts';
import { REPORT_PAGE, sendDataIssueReport, sendFailureText } from './contactApi.ts';
import { Dialog } from './Dialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';
import './contact.css';

/** The survey clock page's "Report Issue" button and its anonymous report dialog. */
export function ReportIssueDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [issue, setIssue] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function fail(text: string) {
    setError(text);
    toast({ variant: 'destructive', title: 'Error', description: text });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateDataIssueReport({ issue, page: REPORT_PAGE });
    if (!checked.ok) return fail(checked.error);
    setSending(true);
    setError(null);
    try {
      await sendDataIssueReport({ issue: checked.value.issue });
      setIssue('');
      setOpen(false);
      toast({ title: CONTACT_TEXTS.reportSentTitle, description: CONTACT_TEXTS.reportSent });
    } catch (failure) {
      fail(sendFailureText(failure, CONTACT_TEXTS.reportFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button
        variant={props.variant ?? 'ghost'}
        size={props.size ?? 'sm'}
        className={props.className}
        onClick={() => setOpen(true)}
      >
        Report Issue
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Report a Data Issue"
        description="Seen a figure that looks wrong on the CSEW Crime Clock? Tell us what and where. Reports are anonymous: we do not ask for your name or email."
      >
        <form className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
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
              setError(null);
            }}
          />
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="contact-form__actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send Report'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
