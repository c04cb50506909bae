import { createRouter } from '@tanstack/react-router';
import { createStore } from 'jotai';
import {
  adminApiKeysRoute,
  adminAlgorithmsRoute,
  adminCsewDataRoute,
  adminIndexRoute,
  adminMessagesRoute,
  adminSecurityRoute,
  adminPoliceClockRoute,
  adminRoute,
  adminSmtpSettingsRoute,
} from '../features/admin/adminRoutes.tsx';
import {
  alertConfirmRoute,
  alertManageRoute,
  alertUnsubscribeRoute,
} from '../features/alerts/alertRoutes.tsx';
import { csewClockRoute, policeClockRoute } from '../features/clocks/clockRoutes.tsx';
import { dataStatusRoute } from '../features/data-status/dataStatusRoute.tsx';
import { developerKeyRoute, developersRoute } from '../features/developers/developersRoutes.tsx';
import { glossaryRoute } from '../features/glossary/glossaryRoute.tsx';
import { landingRoute } from '../features/landing/landingRoute.tsx';
import { privacyRoute } from '../features/privacy/privacyRoute.tsx';
import { searchRoute } from '../features/search/searchRoute.tsx';
import { localeRewrite } from '../i18n/pageLocale.ts';
import { rootRoute } from './rootRoute.tsx';

export const routeTree = rootRoute.addChildren([
  landingRoute,
  csewClockRoute,
  policeClockRoute,
  searchRoute,
  privacyRoute,
  glossaryRoute,
  dataStatusRoute,
  alertConfirmRoute,
  alertUnsubscribeRoute,
  alertManageRoute,
  developersRoute,
  developerKeyRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    adminAlgorithmsRoute,
    adminCsewDataRoute,
    adminSmtpSettingsRoute,
    adminApiKeysRoute,
    adminPoliceClockRoute,
    adminMessagesRoute,
    adminSecurityRoute,
  ]),
]);

/** The app's one jotai store: the React tree reads it through its Provider, route guards through the router context. */
export const store = createStore();

export const router = createRouter({
  routeTree,
  context: { store },
  defaultPreload: 'intent',
  scrollRestoration: true,
  rewrite: localeRewrite,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
