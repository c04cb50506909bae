import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { policeCardDescription, usePoliceClockMeta } from '../clocks/policeCoverage.ts';
import './landing.css';

export function LandingPage() {
  const policeMeta = usePoliceClockMeta();
  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__eyebrow">England and Wales</p>
        <h1 id="landing-title" className="landing__title">
          Crime Clock
        </h1>
        <p className="landing__subtitle">Live crime statistics, counted second by second since 1 January.</p>
        <p className="landing__intro">
          How often does crime happen where we live? Each clock turns official yearly figures into a live
          count of incidents so far this year. The survey clock uses the Crime Survey for England and Wales,
          which asks people about crimes they experienced, including the many that are never reported. The
          police clock uses crimes recorded by police forces.
        </p>
      </section>

      <ul className="landing__cards" aria-label="Crime clocks">
        <li>
          <ClockCard
            to="/crime-clock"
            title="CSEW Crime Clock"
            description="Survey-based estimates from the Crime Survey for England and Wales, including unreported crime."
            icon={<SurveyIcon />}
          />
        </li>
        <li>
          <ClockCard
            to="/police-crime-clock"
            title="Police Crime Clock"
            description={policeCardDescription(policeMeta)}
            icon={<ShieldIcon />}
          />
        </li>
      </ul>

      <p className="landing__search">
        Want the figures for a particular place? <Link to="/search">Search crime data</Link> by postcode,
        police force or neighbourhood.
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
