import { describe, expect, it } from 'vitest';
import type { AlertFigures } from '../../../common/alerts/figures.ts';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import { areaAlertMail, confirmationMail, type Recipient } from './alert-mail.ts';

/**
 * The mails of a subscription in the language it was made in, English or Welsh: words, numbers,
 * months, category names and the pages linked to.
 */

const ORIGIN = 'https://crime-clock.example';
const FROM = 'alerts@crime-clock.example';
const to = (locale: Recipient['locale']): Recipient => ({ email: 'ann@example.org', token: 'tok_1', locale });

const figures: AlertFigures = {
  month: '2025-07',
  crimes: 1234,
  ratePerThousand: 2.5,
  previousMonth: {
    month: '2025-06',
    crimes: 1100,
    change: { percentage: 12.2, direction: 'up', comparable: true },
  },
  yearEarlier: null,
  topCategories: [
    { slug: 'robbery', name: 'Robbery', crimes: 1000 },
    { slug: 'bicycle-theft', name: 'Bicycle theft', crimes: 3 },
  ],
};
const alert = {
  subscriptionId: 1,
  label: 'Kent Police',
  searchPath: '/search?type=force&force=kent',
  figures,
};

/** English sentences of our alert mails: none may be left in a Welsh one. */
const ENGLISH = [
  'recorded in',
  'Crimes recorded',
  'Month before',
  'A year earlier',
  'Most recorded',
  'See the search',
  'Stop these emails',
  'per 1,000 residents',
  'To confirm',
  'The link works',
  'Counting',
  'synthetic sample',
  'Change the categories',
];

describe('a Welsh subscription', () => {
  it('gets its confirmation in Welsh, linking the Welsh confirmation page', () => {
    const mail = confirmationMail({ subscriptionId: 1, label: 'Kent Police' }, to('cy'), FROM, ORIGIN);
    expect(mail.subject).toBe('Cadarnhewch eich rhybuddion gan y Cloc Troseddau ar gyfer Kent Police');
    expect(mail.text).toContain(`${ORIGIN}/cy/alerts/confirm?token=tok_1`);
    expect(mail.text).toContain('48 awr');
    expect(mail.headers?.['Content-Language']).toBe('cy');
    for (const phrase of ENGLISH) expect(mail.text).not.toContain(phrase);
  });

  it('gets its alert in Welsh: Welsh months, cy-GB numbers, glossary categories, /cy links', () => {
    const mail = areaAlertMail(alert, to('cy'), FROM, ORIGIN);
    expect(mail.subject).toBe('Kent Police: cofnodwyd 1,234 o droseddau ym mis Gorffennaf 2025');
    expect(mail.text).toContain('Troseddau a gofnodwyd: 1,234.');
    expect(mail.text).toContain('Y mis cynt: 1,100 ym mis Mehefin 2025: i fyny 12.2 %.');
    expect(mail.text).toContain(MESSAGES.cy['alerts.mail.alert.yearEarlierNone']);
    expect(mail.text).toContain('  - Lladrata: 1,000');
    expect(mail.text).toContain('  - Dwyn beiciau: 3');
    expect(mail.text).toContain(`${ORIGIN}/cy/search?type=force&force=kent`);
    expect(mail.text).toContain(`${ORIGIN}/cy/alerts/unsubscribe?token=tok_1`);
    // The one-click address is the API's: a mail provider POSTs it, no page is shown.
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${ORIGIN}/api/alerts/unsubscribe?token=tok_1>`);
    for (const phrase of ENGLISH) expect(mail.text).not.toContain(phrase);
  });

  it('uses every Welsh plural form the subject can need', () => {
    const subjects = [0, 1, 2, 3, 6, 7].map(
      (crimes) =>
        areaAlertMail({ ...alert, figures: { ...figures, crimes } }, to('cy'), FROM, ORIGIN).subject,
    );
    expect(subjects).toEqual(
      ['0 trosedd', '1 drosedd', '2 drosedd', '3 trosedd', '6 throsedd', '7 o droseddau'].map(
        (n) => `Kent Police: cofnodwyd ${n} ym mis Gorffennaf 2025`,
      ),
    );
  });
});

describe("a Welsh force's name in the mails", () => {
  const southWales = { ...alert, label: 'Cardiff Central, South Wales Police' };

  it('is its own Welsh name in a Welsh subscription, its English name in an English one', () => {
    const welsh = confirmationMail(
      { subscriptionId: 1, label: 'South Wales Police' },
      to('cy'),
      FROM,
      ORIGIN,
    );
    expect(welsh.subject).toBe('Cadarnhewch eich rhybuddion gan y Cloc Troseddau ar gyfer Heddlu De Cymru');
    expect(areaAlertMail(southWales, to('cy'), FROM, ORIGIN).subject).toMatch(
      /^Cardiff Central, Heddlu De Cymru: /,
    );
    expect(areaAlertMail(southWales, to('en'), FROM, ORIGIN).subject).toMatch(
      /^Cardiff Central, South Wales Police: /,
    );
  });
});

describe('an English subscription', () => {
  it('gets its mails in English, linking the English pages', () => {
    const confirmation = confirmationMail(
      { subscriptionId: 1, label: 'Kent Police' },
      to('en'),
      FROM,
      ORIGIN,
    );
    expect(confirmation.subject).toBe('Confirm your Crime Clock alerts for Kent Police');
    expect(confirmation.text).toContain(`${ORIGIN}/alerts/confirm?token=tok_1`);
    expect(confirmation.text).toContain('48 hours');

    const mail = areaAlertMail(alert, to('en'), FROM, ORIGIN);
    expect(mail.subject).toBe('Kent Police: 1,234 crimes recorded in July 2025');
    expect(mail.text).toContain('Month before: 1,100 in June 2025: up 12.2 %.');
    expect(mail.text).toContain('No data for the same month a year earlier.');
    expect(mail.text).toContain('  - Robbery: 1,000');
    expect(mail.text).toContain(`${ORIGIN}/search?type=force&force=kent`);
    expect(mail.text).toContain(`${ORIGIN}/alerts/unsubscribe?token=tok_1`);
    expect(mail.text).not.toContain('/cy/');
  });

  it('words a change with its caveat when too few crimes were compared', () => {
    const few = {
      ...figures,
      previousMonth: {
        month: '2025-06',
        crimes: 0,
        change: { percentage: 100, direction: 'up' as const, comparable: false },
      },
    };
    const mail = areaAlertMail({ ...alert, figures: few }, to('en'), FROM, ORIGIN);
    expect(mail.text).toContain(
      'Month before: 0 in June 2025: up 100 % (too few crimes for the change to mean much).',
    );
    const stable = {
      ...figures,
      previousMonth: {
        month: '2025-06',
        crimes: 1250,
        change: { percentage: -1.3, direction: 'stable' as const, comparable: true },
      },
    };
    expect(areaAlertMail({ ...alert, figures: stable }, to('en'), FROM, ORIGIN).text).toContain(
      'Month before: 1,250 in June 2025: about the same (-1.3 %).',
    );
  });
});

describe("a Welsh subscription's area, named from its facts (common/clock/area-name.ts)", () => {
  const radius = { area: 'postcode:CF101AA', label: '1 mile around CF10 1AA' };
  const dyfedPowys = { area: 'force:dyfed-powys', label: 'Dyfed-Powys Police' };
  const mails = (area: { area: string; label: string }, locale: Recipient['locale']) => [
    confirmationMail({ subscriptionId: 1, ...area }, to(locale), FROM, ORIGIN),
    areaAlertMail({ ...alert, ...area }, to(locale), FROM, ORIGIN),
  ];

  it("says a postcode's radius in Welsh in every subject and body, never the search's English", () => {
    for (const mail of mails(radius, 'cy')) {
      expect(mail.subject).toContain('1 filltir o amgylch CF10 1AA');
      expect(mail.text).toContain('1 filltir o amgylch CF10 1AA');
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/miles? around/);
    }
  });

  it('names a Welsh force by its Welsh name in every subject and body, never its English one', () => {
    for (const mail of mails(dyfedPowys, 'cy')) {
      expect(mail.subject).toContain('Heddlu Dyfed-Powys');
      expect(mail.text).toContain('Heddlu Dyfed-Powys');
      expect(`${mail.subject}\n${mail.text}`).not.toContain('Dyfed-Powys Police');
    }
  });

  it('keeps the English words in an English subscription', () => {
    const [confirmation, areaAlert] = mails(radius, 'en');
    expect(confirmation!.subject).toBe('Confirm your Crime Clock alerts for 1 mile around CF10 1AA');
    expect(areaAlert!.subject).toBe('1 mile around CF10 1AA: 1,234 crimes recorded in July 2025');
    expect(mails(dyfedPowys, 'en')[1]!.text).toContain('Dyfed-Powys Police');
  });
});

describe("a neighbourhood's mails name it by its own name, in the subscription's language", () => {
  const area = 'neighbourhood:south-wales:CF1';

  it('take the name from the payload, not from the wording of the English label', () => {
    // A label worded otherwise than the search writes it: only the payload's name can say "Treganna".
    const payload = { area, label: 'Treganna ward (South Wales Police)', neighbourhoodName: 'Treganna' };
    for (const mail of [
      confirmationMail({ subscriptionId: 1, ...payload }, to('cy'), FROM, ORIGIN),
      areaAlertMail({ ...alert, ...payload }, to('cy'), FROM, ORIGIN),
    ]) {
      expect(mail.subject).toContain('Treganna, Heddlu De Cymru');
      expect(mail.text).toContain('Treganna, Heddlu De Cymru');
      expect(`${mail.subject}\n${mail.text}`).not.toContain('South Wales Police');
    }
  });

  it('read it from the label of a mail queued before payloads carried the name', () => {
    const queuedBefore = { area, label: 'Cardiff Central, South Wales Police' };
    const mail = areaAlertMail({ ...alert, ...queuedBefore }, to('cy'), FROM, ORIGIN);
    expect(mail.subject).toContain('Cardiff Central, Heddlu De Cymru');
    expect(mail.text).not.toContain('South Wales Police');
  });
});

describe('what an alert counts and where it comes from', () => {
  it('links the page that manages every alert of the address, in the language', () => {
    expect(areaAlertMail(alert, to('en'), FROM, ORIGIN).text).toContain(
      `Change the categories or see all your alerts: ${ORIGIN}/alerts/manage?token=tok_1`,
    );
    expect(areaAlertMail(alert, to('cy'), FROM, ORIGIN).text).toContain(
      `${ORIGIN}/cy/alerts/manage?token=tok_1`,
    );
  });

  it('names the categories counted, or says every category is', () => {
    expect(areaAlertMail(alert, to('en'), FROM, ORIGIN).text).toContain('Counting: all crime categories.');
    const chosen = { ...alert, categories: ['robbery', 'bicycle-theft'] };
    expect(areaAlertMail(chosen, to('en'), FROM, ORIGIN).text).toContain('Counting: Robbery, Bicycle theft.');
    expect(areaAlertMail(chosen, to('cy'), FROM, ORIGIN).text).toContain(
      'Yn cyfrif: Lladrata, Dwyn beiciau.',
    );
  });

  it('says first that figures of the synthetic sample are not real police records', () => {
    const sample = { ...alert, synthetic: true };
    const [first] = areaAlertMail(sample, to('en'), FROM, ORIGIN).text.split('\n');
    expect(first).toBe(MESSAGES.en['alerts.mail.alert.synthetic']);
    expect(first).toMatch(/synthetic sample/);
    const [welsh] = areaAlertMail(sample, to('cy'), FROM, ORIGIN).text.split('\n');
    expect(welsh).toBe(MESSAGES.cy['alerts.mail.alert.synthetic']);
    expect(areaAlertMail(alert, to('en'), FROM, ORIGIN).text).not.toMatch(/synthetic/i);
  });
});
