import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  validateContactMessage,
} from '../../../../common/contact/messages.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button, type ButtonProps } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useToast } from '../toast/useToast.ts';
import { sendContactMessage, sendFailureText } from './contactApi.ts';
import { Dialog } from './Dialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';
import './contact.css';

const EMPTY = { name: '', email: '', message: '' };

/** The survey clock page's "Contact" button and the dialog it opens. */
export function ContactDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = !fields.name || !fields.email || !fields.message;

  function fail(text: string) {
    setError(text);
    toast({ variant: 'destructive', title: 'Error', description: text });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same rules the server applies, with the same words.
    const checked = validateContactMessage(fields);
    if (!checked.ok) return fail(checked.error);
    setSending(true);
    setError(null);
    try {
      const { name, email, message } = checked.value;
      await sendContactMessage({ name, email, message });
      setFields(EMPTY);
      setOpen(false);
      toast({ title: CONTACT_TEXTS.contactSentTitle, description: CONTACT_TEXTS.contactSent });
    } catch (failure) {
      fail(sendFailureText(failure, CONTACT_TEXTS.contactFailed));
    } finally {
      setSending(false);
    }
  }

  function edit(change: Partial<typeof EMPTY>) {
    setFields((current) => ({ ...current, ...change }));
    setError(null);
  }

  return (
    <>
      <Button
        variant={props.variant ?? 'ghost'}
        size={props.size ?? 'sm'}
        className={props.className}
        onClick={() => setOpen(true)}
      >
        Contact
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Contact Us"
        description="Questions or feedback about Crime Clock? Write to us and we will reply to the email address you give."
      >
        <form className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={fields.name}
            onChange={(event) => edit({ name: event.target.value })}
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            value={fields.email}
            onChange={(event) => edit({ email: event.target.value })}
          />
          <TextAreaField
            label="Message"
            name="message"
            required
            rows={5}
            maxLength={CONTACT_LIMITS.message}
            value={fields.message}
            onChange={(event) => edit({ message: event.target.value })}
          />
          <p className="contact-form__note">
            We use your name and email only to reply; see the <Link to="/privacy-policy">Privacy Policy</Link>
            .
          </p>
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="contact-form__actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={empty || sending}>
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
