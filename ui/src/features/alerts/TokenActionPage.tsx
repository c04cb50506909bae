import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { describeApiFailure } from '../../shared/api.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './alerts.css';

export interface TokenActionPageProps {
  title: string;
  lead: string;
  action: string;
  token: string | undefined;
  /** Runs the action with the token; resolves to what to say when it worked. */
  run: (token: string) => Promise<string>;
}

/**
 * A page a mail links to, whose button does what the link says. Opening the page does nothing:
 * mail scanners fetch every link in a mail, and must neither confirm nor unsubscribe anyone.
 */
export function TokenActionPage({ title, lead, action, token, run }: TokenActionPageProps) {
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done' | 'failed'; text: string }>({
    kind: 'idle',
  });

  async function act(value: string) {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', text: await run(value) });
    } catch (error) {
      setState({ kind: 'failed', text: describeApiFailure(error) });
    }
  }

  return (
    <div className="page alerts-page">
      <PageHeader title={title} lead={lead} />
      {!token ? (
        <Alert variant="destructive" title="This link is incomplete">
          Open the link from the email again, or copy all of it into the address bar.
        </Alert>
      ) : state.kind === 'done' ? (
        <Alert variant="success" title="Done">
          {state.text} <Link to="/police-crime-clock">Back to the police crime clock</Link>
        </Alert>
      ) : (
        <>
          <Button onClick={() => void act(token)} disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? 'One moment…' : action}
          </Button>
          {state.kind === 'failed' && (
            <Alert variant="destructive" title="That did not work">
              {state.text}
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
