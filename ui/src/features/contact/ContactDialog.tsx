import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  validateContactMessage,
} from '../../../../common/contact/messages.ts';
import type { ButtonProps } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { sendContactMessage } from './contactApi.ts';
import { contactTextId } from './contactTexts.ts';
import { SendDialogButton, useSendDialog } from './SendDialog.tsx';
import { TextAreaField } from './TextAreaField.tsx';

const EMPTY = { name: '', email: '', message: '' };

/** The survey clock page's "Contact" button and the dialog it opens. */
export function ContactDialogButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const intl = useIntl();
  const dialog = useSendDialog({
    sentTitle: intl.formatMessage({ id: contactTextId('contactSentTitle') }),
    sent: intl.formatMessage({ id: contactTextId('contactSent') }),
    failed: intl.formatMessage({ id: contactTextId('contactFailed') }),
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
      label={intl.formatMessage({ id: 'contact.button' })}
      title={intl.formatMessage({ id: 'contact.title' })}
      description={intl.formatMessage({ id: 'contact.description' })}
      submitLabel={intl.formatMessage({ id: 'contact.submit' })}
      canSubmit={!empty}
      onSubmit={submit}
    >
      <Field
        label={intl.formatMessage({ id: 'contact.name' })}
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        value={fields.name}
        onChange={(event) => edit({ name: event.target.value })}
      />
      <Field
        label={intl.formatMessage({ id: 'contact.email' })}
        name="email"
        type="email"
        autoComplete="email"
        required
        aria-invalid={dialog.refusal === CONTACT_TEXTS.invalidEmail ? true : undefined}
        aria-describedby={dialog.refusal === CONTACT_TEXTS.invalidEmail ? dialog.errorId : undefined}
        maxLength={CONTACT_LIMITS.email}
        value={fields.email}
        onChange={(event) => edit({ email: event.target.value })}
      />
      <TextAreaField
        label={intl.formatMessage({ id: 'contact.message' })}
        name="message"
        required
        rows={5}
        maxLength={CONTACT_LIMITS.message}
        value={fields.message}
        onChange={(event) => edit({ message: event.target.value })}
      />
      <p className="contact-form__note">
        <FormattedMessage
          id="contact.note"
          values={{ link: (text: ReactNode[]) => <Link to="/privacy-policy">{text}</Link> }}
        />
      </p>
    </SendDialogButton>
  );
}
