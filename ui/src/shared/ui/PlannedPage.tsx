import type { ReactNode } from 'react';
import { Card } from './Card.tsx';
import { PageHeader } from './PageHeader.tsx';

export interface PlannedPageProps {
  title: string;
  lead: ReactNode;
  /** What the finished page will hold, in plain words for the visitor. */
  plannedContent: readonly string[];
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** A page whose route exists and which says plainly what it is going to show. */
export function PlannedPage({ title, lead, plannedContent, eyebrow, children }: PlannedPageProps) {
  return (
    <div className="page page--narrow">
      <PageHeader title={title} lead={lead} eyebrow={eyebrow} />
      <Card title="What this page will hold" className="planned">
        <ul className="planned__list">
          {plannedContent.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="planned__note">This page is being built and will be available soon.</p>
      </Card>
      {children}
    </div>
  );
}
