import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RevealApiKey } from '../../../../common/contracts/key-requests.ts';
import { describeFailure } from '../../shared/failureMessage.ts';
import { useEndpointMutation } from '../../shared/queries.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './developers.css';

const AGAIN = { link: (text: ReactNode[]) => <Link to="/developers">{text}</Link> };

/**
 * The page an approved partner's mail links to. Opening it shows nothing: mail scanners open every
 * link, and the key is shown once, so only the button asks for it.
 */
export function KeyPage({ token }: { token: string | undefined }) {
  const intl = useIntl();
  const reveal = useEndpointMutation(RevealApiKey, []);

  return (
    <div className="page developers-page">
      <PageHeader
        title={intl.formatMessage({ id: 'developers.key.title' })}
        lead={intl.formatMessage({ id: 'developers.key.lead' })}
      />
      {!token ? (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'developers.key.incompleteTitle' })}>
          {intl.formatMessage({ id: 'developers.key.incomplete' })}
        </Alert>
      ) : reveal.isSuccess ? (
        <Alert variant="success" title={intl.formatMessage({ id: 'developers.key.shownTitle' })}>
          <p>
            <code className="developers-key" data-testid="api-key">
              {reveal.data.apiKey}
            </code>
          </p>
          <p>
            {intl.formatMessage(
              { id: 'developers.key.shown' },
              { name: reveal.data.name, limit: reveal.data.dailyRateLimit },
            )}
          </p>
        </Alert>
      ) : (
        <>
          <Button onClick={() => reveal.mutate({ body: { token } })} disabled={reveal.isPending}>
            {intl.formatMessage({ id: reveal.isPending ? 'developers.key.busy' : 'developers.key.show' })}
          </Button>
          <div aria-live="polite">
            {reveal.error && (
              <Alert variant="destructive" title={intl.formatMessage({ id: 'developers.key.failed' })}>
                <p>{describeFailure(intl, reveal.error)}</p>
                <p>
                  <FormattedMessage id="developers.key.again" values={AGAIN} />
                </p>
              </Alert>
            )}
          </div>
        </>
      )}
    </div>
  );
}
