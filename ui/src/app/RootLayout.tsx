import { HeadContent, Outlet } from '@tanstack/react-router';
import { Toaster } from '../features/toast/Toaster.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

export function RootLayout() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main-content">
        Skip to main content
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
