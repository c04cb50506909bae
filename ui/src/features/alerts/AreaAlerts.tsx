import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { areaFeedPath, ATOM_CONTENT_TYPE } from '../../../../common/contracts/alerts.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { labelWithForceName } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { alertFailureMessage } from './alertFailure.ts';
import { subscribeToAlerts } from './alertsApi.ts';
import './alerts.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: MessageId };

/**
 * "Get alerts for this area": an email a month when new police data for the area is published
 * (after a confirmation), and the area's Atom feed, announced to the browser and feed readers by
 * a <link rel="alternate"> that React places in the document's head. Both in the page's language:
 * the subscription keeps it for its mails, and the feed linked is the one in that language. The
 * area's label may come as the server writes it: its force is named in the page's language here.
 */
export function AreaAlerts({ areaId, label: given }: { areaId: string; label: string }) {
  const intl = useIntl();
  const label = labelWithForceName(given, PAGE_LOCALE);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const headingId = useId();
  const feed = areaFeedPath(areaId, PAGE_LOCALE);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const answer = await subscribeToAlerts({ email, area: areaId, locale: PAGE_LOCALE });
      setState({ kind: 'sent', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: alertFailureMessage(error) });
    }
  }

  return (
    <section className="area-alerts" aria-labelledby={headingId}>
      <link
        rel="alternate"
        type={ATOM_CONTENT_TYPE}
        hrefLang={PAGE_LOCALE}
        title={intl.formatMessage({ id: 'alerts.form.feedTitle' }, { label })}
        href={feed}
      />
      <h2 id={headingId} className="area-alerts__title">
        <FormattedMessage id="alerts.form.title" />
      </h2>
      <p className="area-alerts__lead">
        <FormattedMessage
          id="alerts.form.lead"
          values={{ label, feed: (text) => <a href={feed}>{text}</a> }}
        />
      </p>
      {state.kind === 'sent' ? (
        <Alert variant="success" title={intl.formatMessage({ id: 'alerts.form.sent' })}>
          {state.message}
        </Alert>
      ) : (
        <form className="area-alerts__form" onSubmit={(event) => void submit(event)}>
          <Field
            label={intl.formatMessage({ id: 'alerts.form.email' })}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint={intl.formatMessage({ id: 'alerts.form.hint' })}
          />
          <Button type="submit" disabled={state.kind === 'sending'}>
            {intl.formatMessage({
              id: state.kind === 'sending' ? 'alerts.form.sending' : 'alerts.form.submit',
            })}
          </Button>
        </form>
      )}
      {state.kind === 'failed' && (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.form.failed' })}>
          {intl.formatMessage({ id: state.message })}
        </Alert>
      )}
    </section>
  );
}
