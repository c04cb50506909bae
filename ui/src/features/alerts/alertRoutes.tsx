import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { confirmAlert, unsubscribeFromAlerts, validateTokenSearch } from './alertsApi.ts';
import { TokenActionPage } from './TokenActionPage.tsx';

export const alertConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/confirm',
  validateSearch: validateTokenSearch,
  head: titleHead('Confirm your alerts'),
  component: function AlertConfirmRoute() {
    const { token } = alertConfirmRoute.useSearch();
    return (
      <TokenActionPage
        title="Confirm your alerts"
        lead="Press the button to start the emails about the area you chose. The link works for 48 hours."
        action="Confirm alerts"
        token={token}
        run={async (value) => {
          const { label } = await confirmAlert(value);
          return `Alerts for ${label} are on: you will get an email when a new month of police data is published.`;
        }}
      />
    );
  },
});

export const alertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'alerts/unsubscribe',
  validateSearch: validateTokenSearch,
  head: titleHead('Stop your alerts'),
  component: function AlertUnsubscribeRoute() {
    const { token } = alertUnsubscribeRoute.useSearch();
    return (
      <TokenActionPage
        title="Stop your alerts"
        lead="Press the button to stop the emails and delete your address from Crime Clock."
        action="Unsubscribe"
        token={token}
        run={async (value) => {
          await unsubscribeFromAlerts(value);
          return 'You are unsubscribed, and your address is deleted.';
        }}
      />
    );
  },
});
