import { useEffect, useId, useRef, useState } from 'react';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { clockMessage } from '../clocks/clockIntl.ts';
import { HEIGHT_MESSAGE } from './embedHeight.ts';
import type { EmbedSize, EmbedTheme } from './embedSearch.ts';
import { embedSnippet, embedUrl } from './embedSnippet.ts';
import './embed.css';

/**
 * "Embed this clock" under a clock page: a live preview of the embed as configured and the code
 * to paste, for the national clock or the area shown. The preview (a second live clock) is made
 * only once the section is opened. A Welsh page offers the Welsh embed (`?lang=cy`).
 */
export function EmbedThisClock({
  kind,
  area,
  areaName,
}: {
  kind: ClockKind;
  area?: string;
  areaName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useState<EmbedTheme>('light');
  const [size, setSize] = useState<EmbedSize>('regular');
  const [copied, setCopied] = useState(false);
  const preview = usePreviewHeight();
  const id = useId();
  const origin = window.location.origin;
  const search = {
    theme,
    size,
    ...(area ? { area } : {}),
    ...(PAGE_LOCALE === 'cy' ? { lang: PAGE_LOCALE } : {}),
  };
  const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
    clockMessage(PAGE_LOCALE, id, values);
  const snippet = embedSnippet(origin, kind, search, areaName);
  const copy = () => {
    void navigator.clipboard?.writeText(snippet).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section className="embed-this" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="method-panel__heading">
        <button
          type="button"
          className="method-panel__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((was) => !was)}
        >
          {say('embed.this.toggle', { area: areaName ?? 'none' })}
        </button>
      </h2>
      <div id={`${id}-body`} className="embed-this__body" hidden={!open}>
        {open && (
          <>
            <p>{say('embed.this.intro')}</p>
            <div className="embed-this__options">
              <label>
                {say('embed.this.theme')}{' '}
                <select value={theme} onChange={(e) => setTheme(e.target.value as EmbedTheme)}>
                  <option value="light">{say('embed.this.light')}</option>
                  <option value="dark">{say('embed.this.dark')}</option>
                  <option value="auto">{say('embed.this.auto')}</option>
                </select>
              </label>
              <label>
                {say('embed.this.size')}{' '}
                <select value={size} onChange={(e) => setSize(e.target.value as EmbedSize)}>
                  <option value="compact">{say('embed.this.compact')}</option>
                  <option value="regular">{say('embed.this.regular')}</option>
                  <option value="large">{say('embed.this.large')}</option>
                </select>
              </label>
            </div>
            <iframe
              ref={preview}
              className="embed-this__preview"
              src={embedUrl(origin, kind, search)}
              title={say('embed.this.preview', { kind })}
              width="420"
              height="260"
            />
            <h3 className="embed-this__code-title">{say('embed.this.codeTitle')}</h3>
            <pre className="embed-this__code">
              <code>{snippet}</code>
            </pre>
            <Button variant="secondary" size="sm" onClick={copy}>
              {say(copied ? 'embed.this.copied' : 'embed.this.copy')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** The preview sizes itself as /embed.js sizes an embed on a partner's page. */
function usePreviewHeight() {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      const iframe = frame.current;
      if (!iframe || event.origin !== window.location.origin || event.source !== iframe.contentWindow) return;
      if (data?.type === HEIGHT_MESSAGE && typeof data.height === 'number')
        iframe.style.height = `${Math.min(2000, Math.max(100, Math.ceil(data.height)))}px`;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return frame;
}
