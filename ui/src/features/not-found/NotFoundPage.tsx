import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { documentTitle } from '../../shared/documentTitle.ts';
import { buttonClass } from '../../shared/ui/Button.tsx';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <div className="page page--narrow not-found">
      {/* No route matched, so no route head supplies the title; React places this one in <head>. */}
      <title>{documentTitle(intl.formatMessage({ id: 'notFound.documentTitle' }))}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="not-found__text">
        <FormattedMessage id="notFound.text" />
      </p>
      <div className="actions actions--center">
        <Link to="/" className={buttonClass('primary', 'lg')}>
          <FormattedMessage id="notFound.home" />
        </Link>
      </div>
    </div>
  );
}
