import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { dismissToastAtom, toastsAtom } from './toastAtoms.ts';
import './toast.css';

/** The single live region every toast is announced through. Mount it once, in the root layout. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const intl = useIntl();

  return (
    <section className="toaster" aria-label={intl.formatMessage({ id: 'toast.regionLabel' })}>
      <div role="status" aria-live="polite" aria-atomic="true" className="toaster__region">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.variant}`}
            data-state={toast.open ? 'open' : 'closed'}
            aria-hidden={toast.open ? undefined : true}
          >
            <div className="toast__body">
              {toast.title && <p className="toast__title">{toast.title}</p>}
              {toast.description && <p className="toast__description">{toast.description}</p>}
            </div>
            {toast.open && (
              <button
                type="button"
                className="toast__close"
                aria-label={intl.formatMessage({ id: 'toast.close' })}
                onClick={() => dismiss(toast.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
