import { Link } from '@tanstack/react-router';
import { FooterAdminLogin } from '../features/auth/HeaderAuthSlot.tsx';
import { PRODUCT_NAME } from '../shared/documentTitle.ts';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__credits">
          <p>
            Survey estimates from the Crime Survey for England and Wales, published by the{' '}
            <a href="https://www.ons.gov.uk/" rel="noopener noreferrer">
              Office for National Statistics
            </a>
            . Police-recorded crime from{' '}
            <a href="https://data.police.uk/" rel="noopener noreferrer">
              data.police.uk
            </a>
            .
          </p>
          <p>
            Contains public sector information licensed under the{' '}
            <a
              href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"
              rel="license noopener noreferrer"
            >
              Open Government Licence v3.0
            </a>
            .
          </p>
        </div>
        <div className="site-footer__meta">
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <nav aria-label="About the site" className="site-footer__links">
            <Link to="/glossary">Glossary</Link>
            <Link to="/data-status">Data status</Link>
            <Link to="/privacy-policy">Privacy Policy</Link>
            <FooterAdminLogin />
          </nav>
        </div>
      </div>
    </footer>
  );
}
