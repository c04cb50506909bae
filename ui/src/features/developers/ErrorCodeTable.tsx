import { useIntl } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { ERROR_CODE_DOCS } from '../../../../common/contracts/error-docs.ts';
import { errorDocsAnchor, type ErrorCode } from '../../../../common/contracts/errors.ts';

/** Codes by status, then name: the table reads as the HTTP statuses do. */
const ROWS = (Object.entries(ERROR_CODE_DOCS) as [ErrorCode, (typeof ERROR_CODE_DOCS)[ErrorCode]][]).sort(
  ([a, x], [b, y]) => x.status - y.status || a.localeCompare(b),
);

/**
 * Every error code the API answers with, from common/contracts/errors.ts, each row the target of
 * the problem `type` links (`#error-<CODE>`). The explanations are the API's, in English.
 */
export function ErrorCodeTable() {
  const intl = useIntl();
  return (
    <div className="developers-errors">
      <table lang="en">
        <thead>
          <tr>
            <th scope="col" lang={PAGE_LOCALE}>
              {intl.formatMessage({ id: 'developers.errors.code' })}
            </th>
            <th scope="col" lang={PAGE_LOCALE}>
              {intl.formatMessage({ id: 'developers.errors.status' })}
            </th>
            <th scope="col" lang={PAGE_LOCALE}>
              {intl.formatMessage({ id: 'developers.errors.meaning' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([code, { status, description }]) => (
            <tr key={code} id={errorDocsAnchor(code)}>
              <th scope="row">
                <a href={`#${errorDocsAnchor(code)}`}>
                  <code>{code}</code>
                </a>
              </th>
              <td>{status}</td>
              <td>{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
