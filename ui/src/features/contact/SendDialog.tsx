import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Validation } from '../../../../common/contact/messages.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { bringIntoView } from '../../shared/ui/bringIntoView.ts';
import { Button, type ButtonProps } from '../../shared/ui/Button.tsx';
import { useToast } from '../toast/useToast.ts';
import { sendFailureParts } from './contactApi.ts';
import { contactTextIdOf } from './contactTexts.ts';
import { Dialog } from './Dialog.tsx';
import './contact.css';

/** What the visitor is told once a message is sent, or when sending it failed (in the page's language). */
export interface SendTexts {
  sentTitle: string;
  sent: string;
  failed: string;
}

/**
 * The state of a dialog that sends one message (the contact form, the data-issue report): open
 * or not, sending or not (the send's mutation), and the error it shows, also as a toast.
 */
export function useSendDialog(texts: SendTexts) {
  const { toast } = useToast();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // The form's own check, said before anything is sent (in English as the check words it, and in
  // the page's language); the server's refusal is the mutation's error.
  const [refused, setRefused] = useState<{ english: string; text: string } | null>(null);
  const sending = useMutation({ mutationFn: (deliver: () => Promise<void>) => deliver() });
  const error = refused?.text ?? (sending.error && failureText(sending.error));
  // The error's element, which a refused field names as its description.
  const errorId = useId();

  function show(text: string) {
    toast({ variant: 'destructive', title: intl.formatMessage({ id: 'dialog.error' }), description: text });
  }

  function fail(english: string) {
    // The shared checks (here and on the server) word their refusals in English: say them in the page's language.
    const id = contactTextIdOf(english);
    const text = id ? intl.formatMessage({ id }) : english;
    if (!sending.isPending) sending.reset();
    setRefused({ english, text });
    show(text);
  }

  function failureText(failure: unknown): string {
    const parts = sendFailureParts(failure);
    return parts ? parts.map(({ id, values }) => intl.formatMessage({ id }, values)).join(' ') : texts.failed;
  }

  /**
   * Sends what the form's check accepted (the rules and words the server uses), then closes with
   * the sent toast; shows the check's or the server's objection instead. `deliver` sends and
   * empties the form's fields.
   */
  async function send<T>(checked: Validation<T>, deliver: (value: T) => Promise<void>) {
    if (!checked.ok) return fail(checked.error);
    setRefused(null);
    try {
      await sending.mutateAsync(() => deliver(checked.value));
      setOpen(false);
      toast({ title: texts.sentTitle, description: texts.sent });
    } catch (failure) {
      show(failureText(failure));
    }
  }

  function clearError() {
    setRefused(null);
    // A send still under way keeps its state, and says how it ended.
    if (!sending.isPending) sending.reset();
  }

  return {
    open,
    setOpen,
    sending: sending.isPending,
    error,
    errorId,
    /** The form's own check's refusal, as the check words it (CONTACT_TEXTS): which field it is about. */
    refusal: refused?.english ?? null,
    clearError,
    send,
  };
}

export type SendDialogState = ReturnType<typeof useSendDialog>;

/**
 * The button that opens a send dialog, and the dialog: the form's fields (children), the error,
 * then Cancel and the submit button, which waits while a message is sent.
 */
export function SendDialogButton({
  dialog,
  label,
  title,
  description,
  submitLabel,
  canSubmit = true,
  onSubmit,
  children,
  variant,
  size,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  dialog: SendDialogState;
  /** The opening button's text. */
  label: string;
  title: string;
  description: string;
  submitLabel: string;
  /** False while the fields cannot be sent yet (the submit button is then disabled). */
  canSubmit?: boolean;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  // A new error is brought into view and focus (the dialog scrolls on a phone) and read out.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dialog.error) bringIntoView(errorRef.current);
  }, [dialog.error]);
  return (
    <>
      <Button
        variant={variant ?? 'ghost'}
        size={size ?? 'sm'}
        className={className}
        onClick={() => dialog.setOpen(true)}
      >
        {label}
      </Button>
      <Dialog
        open={dialog.open}
        onClose={() => dialog.setOpen(false)}
        title={title}
        description={description}
      >
        <form
          className="contact-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {children}
          {dialog.error && (
            <Alert ref={errorRef} id={dialog.errorId} tabIndex={-1} variant="destructive">
              {dialog.error}
            </Alert>
          )}
          <div className="contact-form__actions">
            <Button variant="secondary" onClick={() => dialog.setOpen(false)}>
              <FormattedMessage id="dialog.cancel" />
            </Button>
            <Button type="submit" disabled={!canSubmit || dialog.sending}>
              {dialog.sending ? <FormattedMessage id="dialog.sending" /> : submitLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
