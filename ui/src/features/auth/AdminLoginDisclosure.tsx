import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDismiss, type DismissReason } from '../../shared/ui/useDismiss.ts';
import { LoginCard } from './LoginCard.tsx';

/**
 * The "Admin login" control; the login card opens beneath it, or, quiet (a plain link-like word
 * in the site footer), above it.
 */
export function AdminLoginDisclosure({ quiet = false }: { quiet?: boolean }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const panelId = useId();

  // Focus goes back to the toggle on Escape; a click elsewhere keeps the focus where the click put it.
  const close = useCallback((reason: DismissReason = 'escape') => {
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, close);

  useEffect(() => {
    if (open) usernameRef.current?.focus();
  }, [open]);

  return (
    <div className={quiet ? 'disclosure disclosure--quiet' : 'disclosure'} ref={containerRef}>
      <button
        ref={toggleRef}
        type="button"
        className="disclosure__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {!quiet && <LockIcon />}
        <FormattedMessage id="auth.toggle" />
      </button>
      <div id={panelId} className="disclosure__panel" hidden={!open}>
        <LoginCard usernameRef={usernameRef} onSuccess={() => setOpen(false)} />
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
