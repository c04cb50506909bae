import { useEffect, useId, useState } from 'react';
import type { ClockDefinition, ClockKind } from '../../../../common/clock/types.ts';
import { FormattedMessage } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { cx } from '../../shared/ui/classNames.ts';
import { useFrame } from './frameContext.tsx';
import { methodRows } from './methodText.ts';

/** The panel's anchor: the embed links to `/crime-clock#how-this-is-counted`, which opens it. */
export const METHOD_PANEL_ID = 'how-this-is-counted';

/**
 * "How this is counted": a disclosure (a button that shows and hides the method), closed until
 * asked for, or open when the address names it (the embed's link).
 */
export function MethodPanel({
  kind,
  definition,
  areaName,
  className,
}: {
  kind: ClockKind;
  definition: ClockDefinition;
  /** An area clock's name in the page's language (clockAreaName.ts). */
  areaName?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(() => window.location.hash === `#${METHOD_PANEL_ID}`);
  const bodyId = useId();
  // The data's age moves on while a wall screen runs for weeks: read the server's day.
  const day = useFrame((frame) => Math.floor(frame.serverNowMs / 86_400_000), null);
  const rows = methodRows(
    kind,
    definition,
    day === null ? Date.now() : day * 86_400_000,
    PAGE_LOCALE,
    areaName,
  );
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === `#${METHOD_PANEL_ID}`) setOpen(true);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  return (
    <section id={METHOD_PANEL_ID} className={cx('method-panel', className)} aria-labelledby={`${bodyId}-h`}>
      <h2 id={`${bodyId}-h`} className="method-panel__heading">
        <button
          type="button"
          className="method-panel__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          <FormattedMessage id="clockWords.method.heading" />
        </button>
      </h2>
      <dl id={bodyId} className="method-panel__body" hidden={!open}>
        {rows.map((row) => (
          <div key={row.term}>
            <dt>{row.term}</dt>
            <dd>
              {/* The data's own words are English in either language: said so, for screen readers. */}
              {row.english && <span lang="en-GB">{row.english}</span>} {row.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
