import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { useIntl } from 'react-intl';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { monthList } from './searchWords.ts';
import { StaleDataNote } from './StaleDataNote.tsx';

/**
 * What a visitor must know before reading the figures: that sample data is not real, and which
 * months or forces have no data (counted as unknown, never as zero crimes).
 */
export function DataNotes({ dataInfo }: { dataInfo: SearchDataInfo }) {
  const intl = useIntl();
  const { synthetic, monthsWithoutData } = dataInfo;
  // A month no force has data for is already said; a force line adds only its other gaps.
  const forcesWithoutData = dataInfo.forcesWithoutData
    .map((force) => ({ ...force, months: force.months.filter((m) => !monthsWithoutData.includes(m)) }))
    .filter((force) => force.months.length > 0);
  return (
    <>
      {synthetic && (
        <Alert
          title={intl.formatMessage({ id: 'search.notes.synthetic.title' })}
          className="data-note data-note--synthetic"
        >
          <p>{intl.formatMessage({ id: 'search.notes.synthetic.text' })}</p>
        </Alert>
      )}
      <StaleDataNote latestMonth={dataInfo.latestMonth} />
      {(monthsWithoutData.length > 0 || forcesWithoutData.length > 0) && (
        <Alert
          title={intl.formatMessage({ id: 'search.notes.gaps.title' })}
          className="data-note data-note--gaps"
        >
          <ul className="data-note__list">
            {monthsWithoutData.length > 0 && (
              <li>
                {intl.formatMessage(
                  { id: 'search.notes.gaps.months' },
                  { months: monthList(monthsWithoutData), count: monthsWithoutData.length },
                )}
              </li>
            )}
            {forcesWithoutData.map((force) => (
              <li key={force.id}>
                {intl.formatMessage(
                  { id: 'search.notes.gaps.force' },
                  {
                    force: forceNameFor(force.id, PAGE_LOCALE, force.name),
                    months: monthList(force.months),
                    count: force.months.length,
                  },
                )}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
