import { createRoute, Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import { areaName } from '../../../../common/clock/area-name.ts';
import {
  CONFIRMATION_HOURS,
  ConfirmAlert,
  UnsubscribeFromAlerts,
} from '../../../../common/contracts/alerts.ts';
import { labelWithForceName } from '../../../../common/police/force-name.ts';
import { rootRoute } from '../../app/rootRoute.tsx';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { titleHead } from '../../shared/documentTitle.ts';
import { validateTokenSearch } from './linkToken.ts';
import { ManageAlertsPage } from './ManageAlertsPage.tsx';
import { TokenActionPage } from './TokenActionPage.tsx';

export const alertConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/confirm',
  validateSearch: validateTokenSearch,
  head: titleHead('meta.alertsConfirm.title'),
  component: function AlertConfirmRoute() {
    const intl = useIntl();
    const { token } = alertConfirmRoute.useSearch();
    return (
      <TokenActionPage
        title={intl.formatMessage({ id: 'alerts.confirm.title' })}
        lead={intl.formatMessage({ id: 'alerts.confirm.lead' }, { hours: CONFIRMATION_HOURS })}
        action={intl.formatMessage({ id: 'alerts.confirm.action' })}
        token={token}
        endpoint={ConfirmAlert}
        request={(value) => ({ body: { token: value } })}
        next={(value) => (
          <Link to="/alerts/manage" search={{ token: value }}>
            {intl.formatMessage({ id: 'alerts.confirm.manage' })}
          </Link>
        )}
        done={({ area, label, neighbourhoodName }) => {
          const facts = parseClockAreaId(area);
          return intl.formatMessage(
            { id: 'alerts.confirm.done' },
            {
              label: facts
                ? areaName(facts, PAGE_LOCALE, label, neighbourhoodName)
                : labelWithForceName(label, PAGE_LOCALE),
            },
          );
        }}
      />
    );
  },
});

export const alertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/unsubscribe',
  validateSearch: validateTokenSearch,
  head: titleHead('meta.alertsUnsubscribe.title'),
  component: function AlertUnsubscribeRoute() {
    const intl = useIntl();
    const { token } = alertUnsubscribeRoute.useSearch();
    return (
      <TokenActionPage
        title={intl.formatMessage({ id: 'alerts.unsubscribe.title' })}
        lead={intl.formatMessage({ id: 'alerts.unsubscribe.lead' })}
        action={intl.formatMessage({ id: 'alerts.unsubscribe.action' })}
        token={token}
        endpoint={UnsubscribeFromAlerts}
        request={(value) => ({ query: { token: value } })}
        done={() => intl.formatMessage({ id: 'alerts.unsubscribe.done' })}
      />
    );
  },
});

export const alertManageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/manage',
  validateSearch: validateTokenSearch,
  head: titleHead('meta.alertsManage.title'),
  component: function AlertManageRoute() {
    const { token } = alertManageRoute.useSearch();
    return <ManageAlertsPage token={token} />;
  },
});
