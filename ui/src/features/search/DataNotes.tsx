import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { longMonth } from './searchFormat.ts';

function monthList(months: readonly string[]): string {
  const labels = months.map(longMonth);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * What a visitor must know before reading the figures: that sample data is not real, and which
 * months or forces have no data (counted as unknown, never as zero crimes).
 */
export function DataNotes({ dataInfo }: { dataInfo: SearchDataInfo }) {
  const { synthetic, monthsWithoutData } = dataInfo;
  // A month no force has data for is already said; a force line adds only its other gaps.
  const forcesWithoutData = dataInfo.forcesWithoutData
    .map((force) => ({ ...force, months: force.months.filter((m) => !monthsWithoutData.includes(m)) }))
    .filter((force) => force.months.length > 0);
  return (
    <>
      {synthetic && (
        <Alert title="These results use synthetic sample data" className="data-note data-note--synthetic">
          <p>
            The crimes, postcodes and populations shown here were generated for trying the product out. They
            are not real police records and say nothing about this area.
          </p>
        </Alert>
      )}
      {(monthsWithoutData.length > 0 || forcesWithoutData.length > 0) && (
        <Alert title="Some data is missing" className="data-note data-note--gaps">
          <ul className="data-note__list">
            {monthsWithoutData.length > 0 && (
              <li>
                No data for {monthList(monthsWithoutData)}:{' '}
                {monthsWithoutData.length === 1 ? 'this month is' : 'these months are'} shown as “no data”,
                not as zero crimes.
              </li>
            )}
            {forcesWithoutData.map((force) => (
              <li key={force.id}>
                {force.name} has no data for {monthList(force.months)}; totals for{' '}
                {force.months.length === 1 ? 'that month' : 'those months'} leave it out.
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
