import { createRoute } from '@tanstack/react-router';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { rootRoute } from '../../app/rootRoute.tsx';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { titleHead } from '../../shared/documentTitle.ts';
import { DataStatusPage } from './DataStatusPage.tsx';

export const dataStatusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'data-status',
  head: titleHead(MESSAGES[PAGE_LOCALE]['dataStatus.title']),
  component: DataStatusPage,
});
