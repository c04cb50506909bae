import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { settledAdminSession } from '../auth/adminSession.ts';
import { AdminAccessDenied, AdminRouteError, CheckingAdminSession } from './adminGuard.tsx';

// Admin screens are code-split: visitors never download them. The guard runs before any of them
// loads; main.tsx re-runs it when the session changes.
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  beforeLoad: async ({ context }) => {
    const session = await settledAdminSession(context.store);
    if (session.status !== 'admin') throw new AdminAccessDenied();
  },
  pendingComponent: CheckingAdminSession,
  errorComponent: AdminRouteError,
});

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  head: titleHead('Admin Dashboard'),
  component: lazyRouteComponent(() => import('./AdminDashboardPage.tsx'), 'AdminDashboardPage'),
});

export const adminAlgorithmsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'algorithms',
  head: titleHead('Crime Impact Algorithms'),
  component: lazyRouteComponent(() => import('./AlgorithmsPage.tsx'), 'AlgorithmsPage'),
});

export const adminCsewDataRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'csew-data',
  head: titleHead('CSEW Data Viewer'),
  component: lazyRouteComponent(() => import('./CsewDataPage.tsx'), 'CsewDataPage'),
});

export const adminSmtpSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'smtp-settings',
  head: titleHead('Email Settings'),
  component: lazyRouteComponent(() => import('./SmtpSettingsPage.tsx'), 'SmtpSettingsPage'),
});

export const adminApiKeysRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'api-keys',
  head: titleHead('API Keys'),
  component: lazyRouteComponent(() => import('./ApiKeysPage.tsx'), 'ApiKeysPage'),
});

export const adminPoliceClockRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'police-crime-clock',
  head: titleHead('Police Crime Clock (legacy)'),
  component: lazyRouteComponent(() => import('./LegacyPoliceClockPage.tsx'), 'LegacyPoliceClockPage'),
});

export const adminMessagesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'messages',
  head: titleHead('Messages'),
  component: lazyRouteComponent(() => import('./MessagesPage.tsx'), 'MessagesPage'),
});

export const adminSecurityRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'security',
  head: titleHead('Security'),
  component: lazyRouteComponent(() => import('./SecurityLogPage.tsx'), 'SecurityLogPage'),
});
