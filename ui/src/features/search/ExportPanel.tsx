import type { SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import { useIntl } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { buttonClass } from '../../shared/ui/Button.tsx';
import { exportHref, type ExportFormat } from './exportResults.ts';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

/**
 * Export CSV / Export JSON of every crime of the search: plain download links to one streamed
 * response each, so the browser shows its own progress and can cancel.
 */
export function ExportPanel({ request, response }: { request: SearchRequestBody; response: SearchResponse }) {
  const intl = useIntl();
  const total = response.pagination.total;
  if (total === 0) return null;
  return (
    <div
      className="export"
      role="group"
      aria-label={intl.formatMessage({ id: 'search.export.label' }, { count: total })}
    >
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          className={buttonClass('secondary', 'sm')}
          href={exportHref(request, format, PAGE_LOCALE)}
          download
        >
          <DownloadIcon />
          {intl.formatMessage({ id: 'search.export.format' }, { format: label })}
        </a>
      ))}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path
        d="M8 2 V10 M4.5 6.5 L8 10 L11.5 6.5 M2.5 13.5 H13.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
