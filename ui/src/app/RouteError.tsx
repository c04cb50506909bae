import type { ErrorComponentProps } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { describeFailure } from '../shared/failureMessage.ts';
import { Alert } from '../shared/ui/Alert.tsx';
import { Button } from '../shared/ui/Button.tsx';
import { PageHeader } from '../shared/ui/PageHeader.tsx';

/**
 * Shown when a page fails to render or load, so the visitor keeps the header and a way forward.
 * The failure is worded in the page's language (an API error by its code); the error itself is
 * for the console, not the screen.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const intl = useIntl();
  return (
    <div className="page page--narrow">
      <PageHeader
        title={intl.formatMessage({ id: 'errors.page.title' })}
        lead={intl.formatMessage({ id: 'errors.page.lead' })}
      />
      <Alert variant="destructive" title={intl.formatMessage({ id: 'errors.page.alertTitle' })}>
        {describeFailure(intl, error)}
      </Alert>
      <div className="actions">
        <Button onClick={reset}>{intl.formatMessage({ id: 'errors.page.retry' })}</Button>
      </div>
    </div>
  );
}
