import { Link } from '@tanstack/react-router';
import { HeaderAuthSlot } from '../features/auth/HeaderAuthSlot.tsx';
import { PRODUCT_NAME } from '../shared/documentTitle.ts';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <ClockMark />
          <span className="brand__name">{PRODUCT_NAME}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <Link to="/crime-clock" className="site-nav__link">
            Survey clock
          </Link>
          <Link to="/police-crime-clock" className="site-nav__link">
            Police clock
          </Link>
          <Link to="/search" className="site-nav__link">
            Search
          </Link>
        </nav>
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
