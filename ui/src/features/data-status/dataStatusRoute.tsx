import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { DataStatusPage } from './DataStatusPage.tsx';

export const dataStatusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'data-status',
  head: titleHead('dataStatus.title'),
  component: DataStatusPage,
});
