import { Link } from '@tanstack/react-router';
import { useId, useState, type FocusEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { glossaryMessageIds, type GlossaryTermId } from './glossary.ts';
import './glossary.css';

/**
 * A term of art in running text. Focusing or tapping it opens its definition beneath the line
 * (inline rather than floating, so it never runs off a phone's screen); Escape, or moving on,
 * closes it. A click only opens: a mouse click focuses first, and a toggle would close at once.
 */
export function Term({ id, children }: { id: GlossaryTermId; children?: ReactNode }) {
  const intl = useIntl();
  const messages = glossaryMessageIds(id);
  const term = intl.formatMessage({ id: messages.term });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const closeOnLeave = (event: FocusEvent<HTMLSpanElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <span className="term" onBlur={closeOnLeave}>
      <button
        type="button"
        className="term__word"
        aria-expanded={open}
        aria-controls={panelId}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {children ?? term}
      </button>
      <span id={panelId} className="term__definition" role="note" hidden={!open}>
        <strong>{term}:</strong> {intl.formatMessage({ id: messages.definition })}{' '}
        <Link to="/glossary" hash={id}>
          <FormattedMessage id="glossary.allTerms" />
        </Link>
      </span>
    </span>
  );
}
