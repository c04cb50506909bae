import { Fragment } from 'react';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { GLOSSARY } from './glossary.ts';
import './glossary.css';

export function GlossaryPage() {
  return (
    <div className="page page--narrow glossary">
      <PageHeader
        title="Glossary"
        lead="The words of the clocks and the search that have a meaning of their own here."
      />
      <dl className="glossary__list">
        {GLOSSARY.map((entry) => (
          <Fragment key={entry.id}>
            <dt id={entry.id}>{entry.term}</dt>
            <dd>{entry.definition}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
