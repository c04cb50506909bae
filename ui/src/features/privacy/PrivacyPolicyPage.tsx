import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './privacy.css';

/** When the policy was last revised (the date is written in the page's language). */
const LAST_UPDATED = '2026-11-26';

/** The markup a policy message may hold: bold words, a cookie's name, the survey clock's page, the ICO's site. */
const RICH = {
  code: (text: ReactNode[]) => <code>{text}</code>,
  strong: (text: ReactNode[]) => <strong>{text}</strong>,
  link: (text: ReactNode[]) => <Link to="/crime-clock">{text}</Link>,
  ico: (text: ReactNode[]) => <a href="https://ico.org.uk/">{text}</a>,
};

/** One message of the policy: a paragraph, or (inline) the text of a heading or list item. */
function Text({ id, inline = false }: { id: MessageId; inline?: boolean }) {
  const text = <FormattedMessage id={id} values={RICH} />;
  return inline ? text : <p>{text}</p>;
}

interface PolicySection {
  id: string;
  heading: MessageId;
  body: ReactNode;
}

const sections: PolicySection[] = [
  {
    id: 'introduction',
    heading: 'privacy.introduction.heading',
    body: (
      <>
        <Text id="privacy.introduction.p1" />
        <Text id="privacy.introduction.p2" />
      </>
    ),
  },
  {
    id: 'contact',
    heading: 'privacy.contact.heading',
    body: <Text id="privacy.contact.p1" />,
  },
  {
    id: 'information-we-collect',
    heading: 'privacy.collect.heading',
    body: (
      <>
        <Text id="privacy.collect.p1" />
        <h3>
          <Text id="privacy.collect.contactForm.heading" inline />
        </h3>
        <Text id="privacy.collect.contactForm.text" />
        <h3>
          <Text id="privacy.collect.issueReports.heading" inline />
        </h3>
        <Text id="privacy.collect.issueReports.text" />
        <h3 id="area-alerts">
          <Text id="privacy.collect.alerts.heading" inline />
        </h3>
        <Text id="privacy.collect.alerts.text" />
        <h3>
          <Text id="privacy.collect.search.heading" inline />
        </h3>
        <Text id="privacy.collect.search.text" />
        <h3>
          <Text id="privacy.collect.usage.heading" inline />
        </h3>
        <Text id="privacy.collect.usage.text" />
      </>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'privacy.howWeUse.heading',
    body: (
      <ul>
        <li>
          <Text id="privacy.howWeUse.item1" inline />
        </li>
        <li>
          <Text id="privacy.howWeUse.item2" inline />
        </li>
        <li>
          <Text id="privacy.howWeUse.item3" inline />
        </li>
        <li>
          <Text id="privacy.howWeUse.item4" inline />
        </li>
        <li>
          <Text id="privacy.howWeUse.item5" inline />
        </li>
        <li>
          <Text id="privacy.howWeUse.item6" inline />
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    heading: 'privacy.sharing.heading',
    body: (
      <>
        <Text id="privacy.sharing.p1" />
        <ul>
          <li>
            <Text id="privacy.sharing.item1" inline />
          </li>
          <li>
            <Text id="privacy.sharing.item2" inline />
          </li>
          <li>
            <Text id="privacy.sharing.item3" inline />
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'privacy.security.heading',
    body: <Text id="privacy.security.p1" />,
  },
  {
    id: 'retention',
    heading: 'privacy.retention.heading',
    body: (
      <ul>
        <li>
          <Text id="privacy.retention.item1" inline />
        </li>
        <li>
          <Text id="privacy.retention.item2" inline />
        </li>
        <li>
          <Text id="privacy.retention.item3" inline />
        </li>
        <li>
          <Text id="privacy.retention.item4" inline />
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    heading: 'privacy.rights.heading',
    body: (
      <>
        <Text id="privacy.rights.p1" />
        <ul>
          <li>
            <Text id="privacy.rights.item1" inline />
          </li>
          <li>
            <Text id="privacy.rights.item2" inline />
          </li>
          <li>
            <Text id="privacy.rights.item3" inline />
          </li>
          <li>
            <Text id="privacy.rights.item4" inline />
          </li>
          <li>
            <Text id="privacy.rights.item5" inline />
          </li>
          <li>
            <Text id="privacy.rights.item6" inline />
          </li>
        </ul>
        <Text id="privacy.rights.p2" />
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'privacy.cookies.heading',
    body: (
      <>
        <Text id="privacy.cookies.p1" />
        <Text id="privacy.cookies.language" />
        <Text id="privacy.cookies.p2" />
      </>
    ),
  },
  {
    id: 'external-links',
    heading: 'privacy.externalLinks.heading',
    body: <Text id="privacy.externalLinks.p1" />,
  },
  {
    id: 'children',
    heading: 'privacy.children.heading',
    body: <Text id="privacy.children.p1" />,
  },
  {
    id: 'changes',
    heading: 'privacy.changes.heading',
    body: <Text id="privacy.changes.p1" />,
  },
  {
    id: 'legal-basis',
    heading: 'privacy.legalBasis.heading',
    body: (
      <>
        <Text id="privacy.legalBasis.p1" />
        <ul>
          <li>
            <Text id="privacy.legalBasis.item1" inline />
          </li>
          <li>
            <Text id="privacy.legalBasis.item2" inline />
          </li>
          <li>
            <Text id="privacy.legalBasis.item3" inline />
          </li>
        </ul>
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  const intl = useIntl();
  return (
    <div className="page privacy">
      <PageHeader
        title={intl.formatMessage({ id: 'privacy.title' })}
        lead={intl.formatMessage({ id: 'privacy.lead' })}
      >
        <p className="privacy__updated">
          <FormattedMessage
            id="privacy.updated"
            values={{
              date: (
                <time dateTime={LAST_UPDATED}>
                  {formatDate(Date.parse(LAST_UPDATED), PAGE_LOCALE, { dateStyle: 'long', timeZone: 'UTC' })}
                </time>
              ),
            }}
          />
        </p>
      </PageHeader>
      <div className="privacy__layout">
        <nav className="privacy__toc" aria-labelledby="privacy-toc-title">
          <h2 id="privacy-toc-title" className="privacy__toc-title">
            <FormattedMessage id="privacy.toc" />
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>
                  <FormattedMessage id={section.heading} />
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="privacy__content prose">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                <FormattedMessage id={section.heading} />
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
