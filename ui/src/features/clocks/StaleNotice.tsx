import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { useFrame } from './frameContext.tsx';
import { staleWords } from './staleWords.ts';

const HOUR_MS = 3_600_000;

/**
 * The stale-data warning of a police clock page or wall screen, read against the server's time
 * (the frame's), re-read once an hour; nothing while the data is current.
 */
export function StaleNotice({ latestMonth, className }: { latestMonth: string | null; className: string }) {
  const hour = useFrame((frame) => Math.floor(frame.serverNowMs / HOUR_MS), null);
  const text = hour === null ? null : staleWords(latestMonth, hour * HOUR_MS, PAGE_LOCALE);
  if (!text) return null;
  return (
    <p className={className} role="note" data-testid="stale-data">
      {text}
    </p>
  );
}
