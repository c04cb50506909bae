/**
 * The embed tells the page around it how tall it is, so /embed.js (ui/public/embed.js) can size
 * its iframe to the content: at its start, whenever its content changes height, and again when
 * embed.js asks (it may load after the first message was sent). The message names no secret, but
 * it goes only to the parent's origin when the browser says what it is.
 */
export const HEIGHT_MESSAGE = 'crime-clock:embed-height';
export const MEASURE_MESSAGE = 'crime-clock:embed-measure';

function parentOrigin(): string {
  // Chromium and Safari name the embedding page's origin; elsewhere the referrer does, unless the
  // host's referrer policy strips it.
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors[0]!;
  try {
    return document.referrer ? new URL(document.referrer).origin : '*';
  } catch {
    return '*';
  }
}

/** Posts the height of `content` (plus its container's padding) to the parent; returns a stop. */
export function reportHeight(content: HTMLElement, padded: HTMLElement): () => void {
  if (window.parent === window) return () => undefined;
  const target = parentOrigin();
  let last = -1;
  const post = (force = false) => {
    const style = getComputedStyle(padded);
    const height = Math.ceil(
      content.getBoundingClientRect().height +
        parseFloat(style.paddingTop) +
        parseFloat(style.paddingBottom) +
        parseFloat(style.borderTopWidth) +
        parseFloat(style.borderBottomWidth),
    );
    if (height === last && !force) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, target);
  };
  const observer = new ResizeObserver(() => post());
  observer.observe(content);
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source === window.parent && data?.type === MEASURE_MESSAGE) post(true);
  };
  window.addEventListener('message', onMessage);
  post();
  return () => {
    observer.disconnect();
    window.removeEventListener('message', onMessage);
  };
}
