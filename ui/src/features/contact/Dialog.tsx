import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface DialogProps {
  open: boolean;
  /** Asked to close: Escape, the close button, or a form inside finishing. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus cannot leave, assistive technology reads only the dialog) and Escape closes it. The
 * backdrop does not close it, so a stray click cannot throw away a half-written message. Focus
 * returns to whatever opened it.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Start in the first field rather than on the close button the browser would pick.
      dialog.querySelector<HTMLElement>('[data-autofocus], input, textarea, select')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closed while unmounting (the page navigated away): leave no modal behind.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React state decides, so the dialog and `open` never disagree.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        returnFocusTo.current?.focus();
        returnFocusTo.current = null;
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="dialog__close"
          aria-label={intl.formatMessage({ id: 'dialog.close' })}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {description && (
        <p id={descriptionId} className="dialog__description">
          {description}
        </p>
      )}
      {open && children}
    </dialog>
  );
}
