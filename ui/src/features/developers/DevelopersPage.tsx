import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_DAILY_RATE_LIMIT } from '../../../../common/contracts/api-keys.ts';
import { PARTNER_DOCS_PATH } from '../../../../common/contracts/partner.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { ErrorCodeTable } from './ErrorCodeTable.tsx';
import { KeyRequestForm } from './KeyRequestForm.tsx';
import './developers.css';

/** The markup the page's messages may hold: code, and the links to the OpenAPI document. */
const RICH = {
  code: (text: ReactNode[]) => <code>{text}</code>,
  docs: (text: ReactNode[]) => <a href={PARTNER_DOCS_PATH}>{text}</a>,
  json: (text: ReactNode[]) => <a href={`${PARTNER_DOCS_PATH}/json`}>{text}</a>,
};

function Items({ ids, values }: { ids: MessageId[]; values?: Record<string, string> }) {
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <FormattedMessage id={id} values={{ ...RICH, ...values }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The partner API's front door: what it offers and its limits, the meaning of every error code
 * (where each problem's `type` points), and the form to ask for a key.
 */
export function DevelopersPage() {
  const intl = useIntl();
  return (
    <div className="page developers-page">
      <PageHeader
        title={intl.formatMessage({ id: 'developers.title' })}
        lead={intl.formatMessage({ id: 'developers.lead' })}
      />
      <Card title={intl.formatMessage({ id: 'developers.offers.title' })} id="offers">
        <Items
          ids={[
            'developers.offers.search',
            'developers.offers.export',
            'developers.offers.webhook',
            'developers.offers.docs',
          ]}
        />
      </Card>
      <Card title={intl.formatMessage({ id: 'developers.limits.title' })} id="limits">
        <Items
          ids={[
            'developers.limits.daily',
            'developers.limits.headers',
            'developers.limits.atOnce',
            'developers.limits.domain',
            'developers.limits.coverage',
          ]}
          values={{ limit: intl.formatNumber(DEFAULT_DAILY_RATE_LIMIT) }}
        />
      </Card>
      <Card
        title={intl.formatMessage({ id: 'developers.form.title' })}
        description={intl.formatMessage({ id: 'developers.form.lead' })}
        id="request-a-key"
      >
        <KeyRequestForm />
      </Card>
      <Card title={intl.formatMessage({ id: 'developers.errors.title' })} id="errors">
        <p>
          <FormattedMessage id="developers.errors.lead" values={RICH} />
        </p>
        <p>{intl.formatMessage({ id: 'developers.errors.english' })}</p>
        <ErrorCodeTable />
      </Card>
    </div>
  );
}
