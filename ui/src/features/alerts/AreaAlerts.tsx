import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { areaFeedPath, ATOM_CONTENT_TYPE, SubscribeToAlerts } from '../../../../common/contracts/alerts.ts';
import { labelWithForceName } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useEndpointMutation } from '../../shared/queries.ts';
import { alertFailureMessage } from './alertFailure.ts';
import './alerts.css';

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
  // Sending, sent (with the server's words) and failed are the request's own state.
  const subscribe = useEndpointMutation(SubscribeToAlerts, []);
  const headingId = useId();
  const feed = areaFeedPath(areaId, PAGE_LOCALE);

  function submit(event: FormEvent) {
    event.preventDefault();
    subscribe.mutate({ body: { email, area: areaId, locale: PAGE_LOCALE } });
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
      {subscribe.isSuccess ? (
        <Alert variant="success" title={intl.formatMessage({ id: 'alerts.form.sent' })}>
          {subscribe.data.message}
        </Alert>
      ) : (
        <form className="area-alerts__form" onSubmit={submit}>
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
          <Button type="submit" disabled={subscribe.isPending}>
            {intl.formatMessage({
              id: subscribe.isPending ? 'alerts.form.sending' : 'alerts.form.submit',
            })}
          </Button>
        </form>
      )}
      {subscribe.error && (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.form.failed' })}>
          {intl.formatMessage({ id: alertFailureMessage(subscribe.error) })}
        </Alert>
      )}
    </section>
  );
}
