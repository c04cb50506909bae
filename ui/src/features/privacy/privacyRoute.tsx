import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { PrivacyPolicyPage } from './PrivacyPolicyPage.tsx';

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy-policy',
  head: titleHead('privacy.title'),
  component: PrivacyPolicyPage,
});
