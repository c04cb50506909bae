import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  validateContactMessage,
} from '../../../../common/contact/messages.ts';
import type { ButtonProps } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { sendContactMessage } from './contactApi.ts';
import { SendDialogButton, useSendDialog } from './SendDialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';

const EMPTY = { name: '', email: '', message: '' };

/** The survey clock page's "Contact" button and the dialog it opens. */
export function ContactDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const dialog = useSendDialog({
    sentTitle: CONTACT_TEXTS.contactSentTitle,
    sent: CONTACT_TEXTS.contactSent,
    failed: CONTACT_TEXTS.contactFailed,
  });
  const [fields, setFields] = useState(EMPTY);
  const empty = !fields.name || !fields.email || !fields.message;

  const submit = () =>
    dialog.send(validateContactMessage(fields), async ({ name, email, message }) => {
      await sendContactMessage({ name, email, message });
      setFields(EMPTY);
    });

  function edit(change: Partial<typeof EMPTY>) {
    setFields((current) => ({ ...current, ...change }));
    dialog.clearError();
  }

  return (
    <SendDialogButton
      {...props}
      dialog={dialog}
      label="Contact"
      title="Contact Us"
      description="Questions or feedback about Crime Clock? Write to us and we will reply to the email address you give."
      submitLabel="Send Message"
      canSubmit={!empty}
      onSubmit={submit}
    >
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
        We use your name and email only to reply; see the <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </SendDialogButton>
  );
}
