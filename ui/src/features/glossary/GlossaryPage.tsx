import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { GLOSSARY_TERM_IDS, glossaryMessageIds } from './glossary.ts';
import './glossary.css';

export function GlossaryPage() {
  const intl = useIntl();
  return (
    <div className="page page--narrow glossary">
      <PageHeader
        title={intl.formatMessage({ id: 'glossary.title' })}
        lead={intl.formatMessage({ id: 'glossary.lead' })}
      />
      <p className="glossary__count">
        {intl.formatMessage({ id: 'glossary.count' }, { count: GLOSSARY_TERM_IDS.length })}
      </p>
      <dl className="glossary__list">
        {GLOSSARY_TERM_IDS.map((id) => {
          const messages = glossaryMessageIds(id);
          return (
            <Fragment key={id}>
              <dt id={id}>{intl.formatMessage({ id: messages.term })}</dt>
              <dd>{intl.formatMessage({ id: messages.definition })}</dd>
            </Fragment>
          );
        })}
      </dl>
    </div>
  );
}
