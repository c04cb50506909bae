import { MIN_CRIMES_TO_COMPARE, type TrendDirection } from '../../../../common/search/trend.ts';
import { useIntl } from 'react-intl';
import { cx } from '../../shared/ui/classNames.ts';
import { formatTrendPercentage, shortMonth } from './searchFormat.ts';

export interface TrendIndicatorProps {
  percentage: number;
  direction: TrendDirection;
  /** False on too few crimes for a percentage to mean anything (common/search/trend.ts). */
  comparable?: boolean;
  /** The two months compared, earlier first, YYYY-MM. */
  comparisonMonths?: readonly [string, string] | readonly string[];
  size?: 'small' | 'default';
  className?: string;
}

function TrendIcon({ direction }: { direction: TrendDirection }) {
  const path =
    direction === 'up' ? 'M2 11 L8 4 L14 11' : direction === 'down' ? 'M2 5 L8 12 L14 5' : 'M2 8 L14 8';
  return (
    <svg className="trend__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Whether crime rose (red), fell (green) or held (grey) between two months. Stable reads "No
 * significant change", or just a dash where space is small; the words stay for screen readers.
 */
export function TrendIndicator({
  percentage,
  direction,
  comparable = true,
  comparisonMonths,
  size = 'default',
  className,
}: TrendIndicatorProps) {
  const intl = useIntl();
  const [earlier, later] = comparisonMonths ?? [];
  const between =
    earlier && later
      ? intl.formatMessage(
          { id: 'search.trend.between' },
          { later: shortMonth(later), earlier: shortMonth(earlier) },
        )
      : undefined;
  const tooFew = intl.formatMessage({ id: 'search.trend.tooFew' });
  const noChange = intl.formatMessage({ id: 'search.trend.stable' });
  if (!comparable) {
    const text = intl.formatMessage({ id: 'search.trend.tooFewTitle' }, { min: MIN_CRIMES_TO_COMPARE });
    return (
      <span className={cx('trend', 'trend--few', size === 'small' && 'trend--small', className)} title={text}>
        <span className="trend__value">{tooFew}</span>
        <span className="visually-hidden">{between ? `, ${between}` : ''}</span>
      </span>
    );
  }
  const spoken =
    direction === 'stable'
      ? `${noChange}${between ? `, ${between}` : ''}`
      : `${intl.formatMessage(
          { id: direction === 'up' ? 'search.trend.up' : 'search.trend.down' },
          { percentage: formatTrendPercentage(percentage) },
        )}${between ? `, ${between}` : ''}`;
  const small = size === 'small';
  return (
    <span className={cx('trend', `trend--${direction}`, small && 'trend--small', className)} title={spoken}>
      <TrendIcon direction={direction} />
      <span className="visually-hidden">{spoken}</span>
      {/* In small size the stable icon, a dash, says it all. */}
      {!(small && direction === 'stable') && (
        <span aria-hidden="true" className="trend__value">
          {direction === 'stable' ? noChange : formatTrendPercentage(percentage)}
        </span>
      )}
      {!small && between && (
        <span aria-hidden="true" className="trend__months">
          {between}
        </span>
      )}
    </span>
  );
}
