import { useIntl } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { staleWords } from '../clocks/staleWords.ts';

/**
 * Results read from data whose newest month (the store's, `latestMonth`) is more than 3 months
 * behind the calendar month say so, and by how much, as the clocks do.
 */
export function StaleDataNote({ latestMonth }: { latestMonth: string }) {
  const intl = useIntl();
  const text = staleWords(latestMonth, Date.now(), PAGE_LOCALE);
  if (!text) return null;
  return (
    <Alert title={intl.formatMessage({ id: 'freshness.staleTitle' })} className="data-note data-note--stale">
      <p data-testid="stale-data">{text}</p>
    </Alert>
  );
}
