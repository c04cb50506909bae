import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FooterAdminLogin } from '../features/auth/HeaderAuthSlot.tsx';

/** An outside link in a message (`<ons>…</ons>`): the text is the message's, in the page's language. */
function outside(href: string, rel = 'noopener noreferrer') {
  return (text: ReactNode[]) => (
    <a href={href} rel={rel}>
      {text}
    </a>
  );
}

export function SiteFooter() {
  const intl = useIntl();
  // A string, not a number: ICU would write a number argument with a thousands separator ("2,026").
  const year = String(new Date().getFullYear());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__credits">
          <p>
            <FormattedMessage
              id="footer.credits.sources"
              values={{
                ons: outside('https://www.ons.gov.uk/'),
                police: outside('https://data.police.uk/'),
              }}
            />
          </p>
          <p>
            <FormattedMessage
              id="footer.credits.licence"
              values={{
                licence: outside(
                  'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
                  'license noopener noreferrer',
                ),
              }}
            />
          </p>
        </div>
        <div className="site-footer__meta">
          <p>
            <FormattedMessage
              id="footer.copyright"
              values={{ year, product: intl.formatMessage({ id: 'header.productName' }) }}
            />
          </p>
          <nav aria-label={intl.formatMessage({ id: 'footer.navLabel' })} className="site-footer__links">
            <Link to="/glossary">
              <FormattedMessage id="glossary.title" />
            </Link>
            <Link to="/data-status">
              <FormattedMessage id="dataStatus.title" />
            </Link>
            <Link to="/privacy-policy">
              <FormattedMessage id="privacy.title" />
            </Link>
            <Link to="/developers">
              <FormattedMessage id="footer.developers" />
            </Link>
            <FooterAdminLogin />
          </nav>
        </div>
      </div>
    </footer>
  );
}
