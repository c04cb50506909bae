import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { HeaderAuthSlot } from '../features/auth/HeaderAuthSlot.tsx';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';

export function SiteHeader() {
  const intl = useIntl();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <ClockMark />
          <span className="brand__name">
            <FormattedMessage id="header.productName" />
          </span>
        </Link>
        <nav className="site-nav" aria-label={intl.formatMessage({ id: 'header.navLabel' })}>
          <Link to="/crime-clock" className="site-nav__link">
            <FormattedMessage id="header.nav.surveyClock" />
          </Link>
          <Link to="/police-crime-clock" className="site-nav__link">
            <FormattedMessage id="header.nav.policeClock" />
          </Link>
          <Link to="/search" className="site-nav__link">
            <FormattedMessage id="header.nav.search" />
          </Link>
        </nav>
        <LanguageSwitch />
        <div className="site-header__auth">
          <HeaderAuthSlot />
        </div>
      </div>
    </header>
  );
}

function ClockMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="13" fill="currentColor" />
      <path d="M16 9v7l5 3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
