import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SilentForce } from '../../../../common/alerts/offer.ts';
import { areaFeedPath, ATOM_CONTENT_TYPE, SubscribeToAlerts } from '../../../../common/contracts/alerts.ts';
import { forceNameFor, labelWithForceName } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { ApiError } from '../../shared/api.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useEndpointMutation } from '../../shared/queries.ts';
import { useEmailAlerts } from '../clocks/publicConfig.ts';
import { alertFailureMessage } from './alertFailure.ts';
import { CategoryChoice } from './CategoryChoice.tsx';
import './alerts.css';

export interface FollowAreaProps {
  /** The area's id (common/clock/area.ts). */
  areaId: string;
  /** Its label; a force in it is named in the page's language here. */
  label: string;
  /** Forces of the area that publish no street-level crime (common/alerts/offer.ts): no alert is offered. */
  silentForces: readonly SilentForce[];
}

/**
 * "Follow this area", beside an area's heading: a disclosure whose panel offers an email a month
 * (with the crime categories to count) and the area's Atom feed. Without a mail server
 * (GET /api/config) it offers the feed alone and says why; for an area whose force publishes
 * nothing it offers neither and says why. The feed is announced to browsers and feed readers by
 * a <link rel="alternate"> that React places in the document's head, in the page's language.
 */
export function FollowArea({ areaId, label: given, silentForces }: FollowAreaProps) {
  const intl = useIntl();
  const label = labelWithForceName(given, PAGE_LOCALE);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const feed = areaFeedPath(areaId, PAGE_LOCALE);

  function toggle() {
    setOpen(!open);
    // The panel's heading takes focus once it is shown, so a screen reader reads where it is.
    if (!open) requestAnimationFrame(() => title.current?.focus());
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  }

  return (
    <div className="follow-area">
      {silentForces.length === 0 && (
        <link
          rel="alternate"
          type={ATOM_CONTENT_TYPE}
          hrefLang={PAGE_LOCALE}
          title={intl.formatMessage({ id: 'alerts.form.feedTitle' }, { label })}
          href={feed}
        />
      )}
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        className="follow-area__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {intl.formatMessage({ id: 'alerts.follow.button' })}
      </Button>
      <section
        id={panelId}
        className="follow-area__panel"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        <div className="follow-area__head">
          <h2 id={titleId} ref={title} tabIndex={-1} className="follow-area__title">
            {intl.formatMessage({ id: 'alerts.follow.title' }, { label })}
          </h2>
          <Button variant="ghost" size="sm" onClick={close}>
            {intl.formatMessage({ id: 'alerts.follow.close' })}
          </Button>
        </div>
        {silentForces.length > 0 ? (
          <SilentArea forces={silentForces} />
        ) : (
          <>
            <EmailAlerts areaId={areaId} label={label} />
            <p className="follow-area__feed">
              <FormattedMessage
                id="alerts.follow.feed"
                values={{ feed: (text) => <a href={feed}>{text}</a> }}
              />
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function SilentArea({ forces }: { forces: readonly SilentForce[] }) {
  const intl = useIntl();
  return (
    <>
      {forces.map((force) => (
        <p key={force.id} className="follow-area__why" data-testid="follow-silent">
          {intl.formatMessage(
            { id: 'alerts.follow.silent' },
            {
              forces: forceNameFor(force.id, PAGE_LOCALE, force.name),
              since: intl.formatDate(`${force.since}-01T00:00:00Z`, {
                month: 'long',
                year: 'numeric',
                timeZone: 'UTC',
              }),
            },
          )}
        </p>
      ))}
    </>
  );
}

/** The email form, or why there is none: no mail server, known before (config) or told by a 503. */
function EmailAlerts({ areaId, label }: { areaId: string; label: string }) {
  const intl = useIntl();
  const emailAlerts = useEmailAlerts();
  const [email, setEmail] = useState('');
  const [categories, setCategories] = useState<readonly string[]>([]);
  // Sending, sent (with the server's words) and failed are the request's own state.
  const subscribe = useEndpointMutation(SubscribeToAlerts, []);
  const refusedForNoMail =
    subscribe.error instanceof ApiError && subscribe.error.code === 'EMAIL_UNAVAILABLE';

  function submit(event: FormEvent) {
    event.preventDefault();
    subscribe.mutate({ body: { email, area: areaId, categories: [...categories], locale: PAGE_LOCALE } });
  }

  if (emailAlerts === false || refusedForNoMail) {
    return (
      <p className="follow-area__why" data-testid="follow-no-email">
        {intl.formatMessage({ id: 'alerts.follow.noEmail' })}
      </p>
    );
  }
  return (
    <>
      <p className="follow-area__lead">{intl.formatMessage({ id: 'alerts.form.lead' }, { label })}</p>
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
          <CategoryChoice chosen={categories} onChange={setCategories} />
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
    </>
  );
}
