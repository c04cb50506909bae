import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Endpoint, RequestOf, ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { useEndpointMutation } from '../../shared/queries.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { alertFailureMessage } from './alertFailure.ts';
import './alerts.css';

export interface TokenActionPageProps<E extends Endpoint> {
  title: string;
  lead: string;
  action: string;
  token: string | undefined;
  /** The endpoint the button calls, and its request for the token. */
  endpoint: E;
  request: (token: string) => RequestOf<E>;
  /** What to say once it worked, from the server's answer. */
  done: (answer: ResponseOf<E>) => string;
  /** Where to go next once it worked, besides the clock (the manage page, with the same token). */
  next?: (token: string) => ReactNode;
}

/**
 * A page a mail links to, whose button does what the link says. Opening the page does nothing:
 * mail scanners fetch every link in a mail, and must neither confirm nor unsubscribe anyone.
 */
export function TokenActionPage<E extends Endpoint>({
  title,
  lead,
  action,
  token,
  endpoint,
  request,
  done,
  next,
}: TokenActionPageProps<E>) {
  const intl = useIntl();
  // Busy, done (with the server's answer) and failed are the request's own state.
  const act = useEndpointMutation(endpoint, []);

  return (
    <div className="page alerts-page">
      <PageHeader title={title} lead={lead} />
      {!token ? (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.incompleteTitle' })}>
          {intl.formatMessage({ id: 'alerts.page.incomplete' })}
        </Alert>
      ) : act.isSuccess ? (
        <Alert variant="success" title={intl.formatMessage({ id: 'alerts.page.doneTitle' })}>
          {done(act.data)} {next?.(token)}{' '}
          <Link to="/police-crime-clock">{intl.formatMessage({ id: 'alerts.page.back' })}</Link>
        </Alert>
      ) : (
        <>
          <Button onClick={() => act.mutate(request(token))} disabled={act.isPending}>
            {act.isPending ? intl.formatMessage({ id: 'alerts.page.busy' }) : action}
          </Button>
          {act.error && (
            <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.failed' })}>
              {intl.formatMessage({ id: alertFailureMessage(act.error) })}
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
