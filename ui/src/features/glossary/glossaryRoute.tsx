import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { GlossaryPage } from './GlossaryPage.tsx';

export const glossaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'glossary',
  head: titleHead('glossary.title'),
  component: GlossaryPage,
});
