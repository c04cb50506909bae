import { createRoute } from '@tanstack/react-router';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { rootRoute } from '../../app/rootRoute.tsx';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { titleHead } from '../../shared/documentTitle.ts';
import { PrivacyPolicyPage } from './PrivacyPolicyPage.tsx';

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy-policy',
  head: titleHead(MESSAGES[PAGE_LOCALE]['privacy.title']),
  component: PrivacyPolicyPage,
});
