import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { alertFailureMessage } from './alertFailure.ts';
import './alerts.css';

export interface TokenActionPageProps {
  title: string;
  lead: string;
  action: string;
  token: string | undefined;
  /** Runs the action with the token; resolves to what to say when it worked. */
  run: (token: string) => Promise<string>;
}

type State =
  { kind: 'idle' | 'busy' } | { kind: 'done'; text: string } | { kind: 'failed'; message: MessageId };

/**
 * A page a mail links to, whose button does what the link says. Opening the page does nothing:
 * mail scanners fetch every link in a mail, and must neither confirm nor unsubscribe anyone.
 */
export function TokenActionPage({ title, lead, action, token, run }: TokenActionPageProps) {
  const intl = useIntl();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function act(value: string) {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', text: await run(value) });
    } catch (error) {
      setState({ kind: 'failed', message: alertFailureMessage(error) });
    }
  }

  return (
    <div className="page alerts-page">
      <PageHeader title={title} lead={lead} />
      {!token ? (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.incompleteTitle' })}>
          {intl.formatMessage({ id: 'alerts.page.incomplete' })}
        </Alert>
      ) : state.kind === 'done' ? (
        <Alert variant="success" title={intl.formatMessage({ id: 'alerts.page.doneTitle' })}>
          {state.text} <Link to="/police-crime-clock">{intl.formatMessage({ id: 'alerts.page.back' })}</Link>
        </Alert>
      ) : (
        <>
          <Button onClick={() => void act(token)} disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? intl.formatMessage({ id: 'alerts.page.busy' }) : action}
          </Button>
          {state.kind === 'failed' && (
            <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.failed' })}>
              {intl.formatMessage({ id: state.message })}
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
