import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { titleHead } from '../../shared/documentTitle.ts';
import { GlossaryPage } from './GlossaryPage.tsx';

export const glossaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'glossary',
  head: titleHead(MESSAGES[PAGE_LOCALE]['glossary.title']),
  component: GlossaryPage,
});
