import { useId, useState, type FormEvent } from 'react';
import { areaFeedPath, ATOM_CONTENT_TYPE } from '../../../../common/contracts/alerts.ts';
import { describeApiFailure } from '../../shared/api.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { subscribeToAlerts } from './alertsApi.ts';
import './alerts.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

/**
 * "Get alerts for this area": an email a month when new police data for the area is published
 * (after a confirmation), and the area's Atom feed, announced to the browser and feed readers by
 * a <link rel="alternate"> that React places in the document's head.
 */
export function AreaAlerts({ areaId, label }: { areaId: string; label: string }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const headingId = useId();
  const feed = areaFeedPath(areaId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const answer = await subscribeToAlerts({ email, area: areaId });
      setState({ kind: 'sent', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: describeApiFailure(error) });
    }
  }

  return (
    <section className="area-alerts" aria-labelledby={headingId}>
      <link rel="alternate" type={ATOM_CONTENT_TYPE} title={`Crime Clock: ${label}`} href={feed} />
      <h2 id={headingId} className="area-alerts__title">
        Get alerts for this area
      </h2>
      <p className="area-alerts__lead">
        One email when a new month of police data for {label} is published: its count, the change, and a link
        to the search. Or follow the <a href={feed}>Atom feed</a>.
      </p>
      {state.kind === 'sent' ? (
        <Alert variant="success" title="Check your inbox">
          {state.message}
        </Alert>
      ) : (
        <form className="area-alerts__form" onSubmit={(event) => void submit(event)}>
          <Field
            label="Email address"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint="We send a confirmation first; nothing else until you confirm. Every alert has a one-click unsubscribe."
          />
          <Button type="submit" disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Sending…' : 'Get alerts'}
          </Button>
        </form>
      )}
      {state.kind === 'failed' && (
        <Alert variant="destructive" title="Not sent">
          {state.message}
        </Alert>
      )}
    </section>
  );
}
