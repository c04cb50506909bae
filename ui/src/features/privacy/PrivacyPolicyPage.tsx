import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './privacy.css';

const LAST_UPDATED = '26 November 2026';

interface PolicySection {
  id: string;
  heading: string;
  body: ReactNode;
}

const sections: PolicySection[] = [
  {
    id: 'introduction',
    heading: 'Introduction',
    body: (
      <>
        <p>
          Crime Clock presents official crime statistics for England and Wales: two live crime clocks and a
          search over police-recorded crime. Most of the site can be used without telling us anything about
          yourself, and we have designed it to collect as little personal information as possible.
        </p>
        <p>
          This policy explains what information we collect when you use the site, why we collect it, how long
          we keep it, and the rights you have over it under UK data protection law.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    heading: 'Who we are and how to contact us',
    body: (
      <p>
        Crime Clock is responsible for the personal information described in this policy. If you have a
        question about this policy or about how we handle your information, or you want to exercise any of
        your rights, use the <strong>Contact</strong> button on the{' '}
        <Link to="/crime-clock">CSEW Crime Clock</Link> page. Please say that your message is about privacy so
        that it reaches the right person.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We only collect the information described below.</p>
        <h3>Contact form</h3>
        <p>
          When you send us a message, we receive the name and email address you give us, your message and the
          time it was sent. We need these to read and answer your message.
        </p>
        <h3>Anonymous issue reports</h3>
        <p>
          When you report a problem with our data, we receive your description of the issue, the page it
          concerns and the time of the report. The form does not ask who you are, so please do not include
          personal details in your description.
        </p>
        <h3 id="area-alerts">Area alerts</h3>
        <p>
          When you ask for alerts about an area, we store your email address, the area (and any crime
          categories you chose) and when you asked and confirmed. The address is stored encrypted, with a
          keyed fingerprint of it that lets us find it and limit how often alerts can be requested for it;
          nobody who reads our database without our key can read it. We send you a confirmation email and
          nothing else until you confirm; after that, one email when a new month of police data for the area
          is published. Administrators see only how many subscriptions there are, never who subscribed.
        </p>
        <h3>Search queries</h3>
        <p>
          When you search crime data, the postcode, police force or neighbourhood and the period you choose
          are sent to our server to retrieve the results. While you type a postcode, the part you have typed
          is sent to a postcode lookup service to suggest complete postcodes. We do not link searches to your
          identity.
        </p>
        <h3>Usage and technical information</h3>
        <p>
          Like most websites, our servers record technical information about each request, such as the page
          requested, the time, your browser type and your IP address. We use this to keep the service running,
          to protect it against abuse and to understand, in aggregate, which parts of the site are used.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'How we use your information',
    body: (
      <ul>
        <li>to reply to messages you send us;</li>
        <li>to send the area alerts you asked for and confirmed;</li>
        <li>to investigate and correct problems you report with the data;</li>
        <li>to show you the crime statistics you search for;</li>
        <li>to keep the site secure, available and working properly;</li>
        <li>to improve the site, using usage figures that do not identify you.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    heading: 'Sharing your information',
    body: (
      <>
        <p>
          We do not sell your information or share it for marketing. We share it only where that is needed to
          provide the service:
        </p>
        <ul>
          <li>
            search terms are sent to data.police.uk and to a postcode lookup service to find the crime data
            and postcodes you ask for;
          </li>
          <li>
            our hosting and email providers process information on our behalf, under contract and only on our
            instructions;
          </li>
          <li>we will disclose information where the law requires us to.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'Keeping your information secure',
    body: (
      <p>
        We protect the information we hold with appropriate technical and organisational measures, including
        encrypted connections, restricted access to administrative functions and stored credentials, and
        regular updates to the software we run. No service on the internet can be perfectly secure, but we
        work to prevent unauthorised access, loss or misuse.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep your information',
    body: (
      <ul>
        <li>Contact messages are deleted within 30 days of our response.</li>
        <li>
          An alert request that is not confirmed is deleted after 48 hours. A confirmed subscription is kept
          until you unsubscribe (every alert has a one-click link, no sign-in needed); it is then deleted at
          once. The sent alert emails are kept by our email queue for up to 30 days, for delivery problems.
        </li>
        <li>Issue reports are kept only as long as needed to investigate and fix the issue.</li>
        <li>Usage and technical information is kept for up to 12 months.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights under UK GDPR',
    body: (
      <>
        <p>Under the UK General Data Protection Regulation you have the right to:</p>
        <ul>
          <li>be informed about how your information is used;</li>
          <li>access the personal information we hold about you;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information erased;</li>
          <li>restrict or object to how we use your information;</li>
          <li>data portability, where it applies.</li>
        </ul>
        <p>
          To exercise any of these rights, contact us as described above; we will reply within one month. If
          you are unhappy with how we have handled your information, you can complain to the Information
          Commissioner&rsquo;s Office (ICO) at <a href="https://ico.org.uk/">ico.org.uk</a>.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <>
        <p>
          We do not use tracking, advertising or analytics cookies, and visitors to the public pages receive
          no cookies at all.
        </p>
        <p>
          The only cookie we set is a strictly necessary session cookie, created when an administrator logs in
          and used solely to keep that administrator signed in. Because it is essential to the service it does
          not require consent.
        </p>
      </>
    ),
  },
  {
    id: 'external-links',
    heading: 'Links to other websites',
    body: (
      <p>
        Our pages link to other websites, such as the Office for National Statistics and data.police.uk. We
        are not responsible for their content or their privacy practices, so please read the privacy policy of
        any site you visit.
      </p>
    ),
  },
  {
    id: 'children',
    heading: "Children's privacy",
    body: (
      <p>
        This site is not directed at children under 13, and we do not knowingly collect personal information
        from them. If you believe a child under 13 has sent us personal information, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when the service or the law changes. The date at the top of this page shows
        when it was last revised. Significant changes will be highlighted on this page.
      </p>
    ),
  },
  {
    id: 'legal-basis',
    heading: 'Legal basis for processing',
    body: (
      <>
        <p>We rely on the following lawful bases under the UK GDPR:</p>
        <ul>
          <li>
            <strong>Consent</strong>, when you choose to send us a message or an issue report;
          </li>
          <li>
            <strong>Legitimate interests</strong>, in running a secure and reliable service, answering
            enquiries and improving the site;
          </li>
          <li>
            <strong>Legal obligation</strong>, where the law requires us to keep or disclose information.
          </li>
        </ul>
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <div className="page privacy">
      <PageHeader
        title="Privacy Policy"
        lead="What information Crime Clock collects, why, and what you can ask us to do with it."
      >
        <p className="privacy__updated">
          Last updated: <time dateTime="2026-11-21">{LAST_UPDATED}</time>
        </p>
      </PageHeader>
      <div className="privacy__layout">
        <nav className="privacy__toc" aria-labelledby="privacy-toc-title">
          <h2 id="privacy-toc-title" className="privacy__toc-title">
            On this page
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="privacy__content prose">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
