import { HeadContent, Outlet, useMatches } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { Toaster } from '../features/toast/Toaster.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Pages that own the whole window (embeds inside other sites, kiosk views on wall screens)
     * say so here, given their validated search; they are shown without the site header and footer.
     */
    withoutSiteChrome?: (search: Record<string, unknown>) => boolean;
  }
}

export function RootLayout() {
  const bare = useMatches({
    select: (matches) =>
      matches.some((match) => match.staticData.withoutSiteChrome?.(match.search as Record<string, unknown>)),
  });

  if (bare) {
    return (
      <>
        <HeadContent />
        <main id="main-content" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Toaster />
      </>
    );
  }

  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main-content">
        <FormattedMessage id="app.skipLink" />
      </a>
      <SiteHeader />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
    </>
  );
}
