import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import { areaName } from '../../../../common/clock/area-name.ts';
import {
  DeleteManagedAlert,
  GetManagedAlerts,
  UpdateManagedAlert,
  type ManagedAlert,
} from '../../../../common/contracts/alerts.ts';
import { labelWithForceName } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/queries.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { alertFailureMessage } from './alertFailure.ts';
import { CategoryChoice } from './CategoryChoice.tsx';
import './alerts.css';

/**
 * The page every alert mail links to: the alerts of the mail's address, each with the categories
 * it counts, to change or stop. The link's token is the authority (alerts-service.ts); opening
 * the page only reads, so a mail scanner that fetches it changes nothing.
 */
export function ManageAlertsPage({ token }: { token: string | undefined }) {
  const intl = useIntl();
  return (
    <div className="page alerts-page">
      {token ? (
        <ManagedAlerts token={token} />
      ) : (
        <>
          <PageHeader title={intl.formatMessage({ id: 'alerts.manage.title' })} />
          <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.incompleteTitle' })}>
            {intl.formatMessage({ id: 'alerts.page.incomplete' })}
          </Alert>
        </>
      )}
    </div>
  );
}

const nameOf = (alert: ManagedAlert) => {
  const area = parseClockAreaId(alert.area);
  return area
    ? areaName(area, PAGE_LOCALE, alert.label, alert.neighbourhoodName)
    : labelWithForceName(alert.label, PAGE_LOCALE);
};

function ManagedAlerts({ token }: { token: string }) {
  const intl = useIntl();
  const read = useEndpointQuery(GetManagedAlerts, { query: { token } });
  const title = intl.formatMessage({ id: 'alerts.manage.title' });
  if (read.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <p role="status">{intl.formatMessage({ id: 'alerts.manage.loading' })}</p>
      </>
    );
  }
  if (read.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.failed' })}>
          {intl.formatMessage({ id: alertFailureMessage(read.error) })}
        </Alert>
      </>
    );
  }
  const { email, alerts } = read.data;
  return (
    <>
      <PageHeader title={title} lead={intl.formatMessage({ id: 'alerts.manage.lead' }, { email })} />
      {alerts.length === 0 ? (
        <p>
          {intl.formatMessage({ id: 'alerts.manage.none' })}{' '}
          <Link to="/police-crime-clock">{intl.formatMessage({ id: 'alerts.page.back' })}</Link>
        </p>
      ) : (
        <ul className="alerts-manage__list">
          {alerts.map((alert) => (
            <ManagedAlertItem key={alert.id} alert={alert} token={token} />
          ))}
        </ul>
      )}
    </>
  );
}

function ManagedAlertItem({ alert, token }: { alert: ManagedAlert; token: string }) {
  const intl = useIntl();
  const [categories, setCategories] = useState<readonly string[]>(alert.categories);
  // Saving and stopping are the requests' own state; a stop reads the list again.
  const save = useEndpointMutation(UpdateManagedAlert, []);
  const stop = useEndpointMutation(DeleteManagedAlert, [GetManagedAlerts]);
  const label = nameOf(alert);
  const request = { params: { id: alert.id }, query: { token } };
  const failed = save.error ?? stop.error;
  return (
    <li className="alerts-manage__item">
      <h2>{label}</h2>
      <CategoryChoice
        chosen={categories}
        onChange={(next) => {
          save.reset();
          setCategories(next);
        }}
      />
      <div className="alerts-manage__actions">
        <Button
          disabled={save.isPending}
          onClick={() => save.mutate({ ...request, body: { categories: [...categories] } })}
        >
          {intl.formatMessage({ id: 'alerts.manage.save' })}
        </Button>
        <Button variant="destructive" disabled={stop.isPending} onClick={() => stop.mutate(request)}>
          {intl.formatMessage({ id: 'alerts.manage.stop' })}
        </Button>
      </div>
      <p role="status" className="muted">
        {save.isSuccess &&
          (save.data.categories.length === 0
            ? `${intl.formatMessage({ id: 'alerts.manage.saved' })} ${intl.formatMessage({ id: 'alerts.manage.allCategories' })}`
            : intl.formatMessage({ id: 'alerts.manage.saved' }))}
        {stop.isSuccess && intl.formatMessage({ id: 'alerts.manage.stopped' }, { label })}
      </p>
      {failed && (
        <Alert variant="destructive" title={intl.formatMessage({ id: 'alerts.page.failed' })}>
          {intl.formatMessage({ id: alertFailureMessage(failed) })}
        </Alert>
      )}
    </li>
  );
}
