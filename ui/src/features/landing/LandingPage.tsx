import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePoliceClockMeta } from '../clocks/policeCoverage.ts';
import { coverageWords } from '../clocks/coverageWords.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import './landing.css';

export function LandingPage() {
  const intl = useIntl();
  const policeMeta = usePoliceClockMeta();
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__eyebrow">
          <FormattedMessage id="landing.eyebrow" />
        </p>
        <h1 id="landing-title" className="landing__title">
          <FormattedMessage id="landing.title" />
        </h1>
        <p className="landing__subtitle">
          <FormattedMessage id="landing.subtitle" />
        </p>
        <p className="landing__intro">
          <FormattedMessage id="landing.intro" />
        </p>
      </section>

      <ul className="landing__cards" aria-label={intl.formatMessage({ id: 'landing.cardsLabel' })}>
        <li>
          <ClockCard
            to="/crime-clock"
            title={intl.formatMessage({ id: 'landing.csewCard.title' })}
            description={intl.formatMessage({ id: 'landing.csewCard.description' })}
            icon={<SurveyIcon />}
          />
        </li>
        <li>
          <ClockCard
            to="/police-crime-clock"
            title={intl.formatMessage({ id: 'landing.policeCard.title' })}
            description={
              !policeMeta?.coverage
                ? intl.formatMessage({ id: 'landing.policeCard.description' })
                : // The one coverage statement (common/police-coverage), in the page's language.
                  intl.formatMessage(
                    { id: 'landing.policeCard.descriptionCoverage' },
                    { coverage: coverageWords(policeMeta.coverage, PAGE_LOCALE) },
                  )
            }
            icon={<ShieldIcon />}
          />
        </li>
      </ul>

      <p className="landing__search">
        <FormattedMessage
          id="landing.search"
          values={{ link: (text: ReactNode[]) => <Link to="/search">{text}</Link> }}
        />
      </p>
    </div>
  );
}

interface ClockCardProps {
  to: '/crime-clock' | '/police-crime-clock';
  title: string;
  description: string;
  icon: ReactNode;
}

function ClockCard({ to, title, description, icon }: ClockCardProps) {
  return (
    <Link to={to} className="clock-card">
      <span className="clock-card__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="clock-card__text">
        <span className="clock-card__title">{title}</span>
        <span className="clock-card__description">{description}</span>
      </span>
      <span className="clock-card__arrow" aria-hidden="true">
        →
      </span>
    </Link>
  );
}

function SurveyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
      <path
        d="M9 4h6M9 4a1 1 0 0 0-1 1v1h8V5a1 1 0 0 0-1-1M8 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-2M8 11h8M8 15h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
      <path
        d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zM9 12l2 2 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
