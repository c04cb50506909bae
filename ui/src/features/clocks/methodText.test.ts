import { describe, expect, it } from 'vitest';
import {
  GREATER_MANCHESTER_EXCLUSION,
  policeClockDefinition,
} from '../../../../common/clock/police-definition.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { clockMessage } from './clockIntl.ts';
import { ageText, methodRows, type MethodRow } from './methodText.ts';

/** A row's whole text as the panel shows it, its data's words first. */
const rowText = (row: MethodRow) => (row.english ? `${row.english} ${row.text}` : row.text);

const DAY = 86_400_000;

describe('how a clock is counted', () => {
  it('says the age of the data in days, then months', () => {
    expect(ageText(0, DAY)).toBe('1 day');
    expect(ageText(0, 10 * DAY)).toBe('10 days');
    expect(ageText(0, 200 * DAY)).toBe('6 months');
  });

  it('says, for the police clock, the source, period, coverage, exclusions, peak hours, age and caveat', () => {
    const definition = policeClockDefinition({
      categoryCounts: [
        { slug: 'burglary', count: 600 },
        { slug: 'anti-social-behaviour', count: 900 },
      ],
      months: 6,
      latestDataMonth: '2026-03',
      excludedForces: [],
      lastUpdated: '2026-05-02T10:00:00Z',
      coverage: { forceIds: ['kent', 'surrey'], firstMonth: '2025-10' },
    });
    const rows = Object.fromEntries(
      methodRows('police', definition, Date.parse('2026-05-31T12:00:00Z')).map((r) => [r.term, rowText(r)]),
    );
    expect(rows['Source']).toBe('data.police.uk (Home Office), police recorded crime, published 2 May 2026.');
    expect(rows['Period of the rate']).toBe(
      'The latest 6 months with data, to March 2026, scaled to a year.',
    );
    expect(rows['Included']).toBe(
      '2 of 43 forces in England and Wales (Kent Police and Surrey Police), October 2025 to March 2026. 1 category of crime: Burglary.',
    );
    expect(rows['Excluded']).toMatch(/^Anti-social behaviour \(an incident type/);
    expect(rows['Peak and off-peak hours']).toContain('PEAK');
    // No promise of the next update here: the data status says it (the clock's facts).
    expect(rows['Age of the data']).toBe('The newest month, March 2026, ended 2 months ago.');
    expect(rows['Read it as']).toBe(clockMessage('en', 'clocks.method.caveat'));
  });

  it('says the same in Welsh: Welsh months, category names and plural forms', () => {
    expect(ageText(0, 2 * DAY, 'cy')).toBe('2 ddiwrnod');
    expect(ageText(0, 200 * DAY, 'cy')).toBe('6 mis');
    const definition = policeClockDefinition({
      categoryCounts: [
        { slug: 'burglary', count: 600 },
        { slug: 'drugs', count: 100 },
        { slug: 'robbery', count: 50 },
      ],
      months: 6,
      latestDataMonth: '2026-03',
      excludedForces: [],
      lastUpdated: '2026-05-02T10:00:00Z',
    });
    const rows = Object.fromEntries(
      methodRows('police', definition, Date.parse('2026-05-31T12:00:00Z'), 'cy').map((r) => [
        r.term,
        rowText(r),
      ]),
    );
    expect(Object.keys(rows)).toEqual([
      'Ffynhonnell',
      'Cyfnod y gyfradd',
      "Wedi'u cynnwys",
      'Heb eu cynnwys',
      'Oriau brig ac allfrig',
      'Oed y data',
      "Sut i'w ddarllen",
    ]);
    expect(rows['Ffynhonnell']).toMatch(/, a gyhoeddwyd 2 Mai 2026\.$/);
    expect(rows["Wedi'u cynnwys"]).toMatch(/ 3 chategori o droseddau: Bwrgleriaeth, Cyffuriau, Lladrata\.$/);
    expect(rows['Heb eu cynnwys']).toMatch(/^Ymddygiad gwrthgymdeithasol \(math o ddigwyddiad/);
    expect(rows['Oed y data']).toMatch(/^Daeth y mis diweddaraf, Mawrth 2026, i ben 2 fis yn ôl\./);
  });

  it("names an area clock's area and its excluded forces in the page's language", () => {
    const built = policeClockDefinition({
      categoryCounts: [{ slug: 'burglary', count: 600 }],
      months: 12,
      latestDataMonth: '2026-03',
      excludedForces: [],
      lastUpdated: '2026-05-02T10:00:00Z',
      areaName: '1 mile around CF10 1AA',
    });
    // A definition from before excluded forces carried their cause (held by a server or an open page).
    const definition = {
      ...built,
      meta: {
        ...built.meta,
        excludedForces: [{ id: 'south-wales', name: 'South Wales Police', reason: 'No data.' }],
      },
    };
    const now = Date.parse('2026-05-31T12:00:00Z');
    const rowsIn = (locale: 'en' | 'cy', areaName?: string) =>
      methodRows('police', definition, now, locale, areaName);
    const [, , english, englishExcluded] = rowsIn('en', '1 mile around CF10 1AA');
    expect(rowText(english!)).toBe('1 mile around CF10 1AA. 1 category of crime: Burglary.');
    expect(englishExcluded!.english).toBe('South Wales Police (No data.).');
    // Without a worded name the definition's own (English) stands, marked as such.
    expect(rowsIn('cy')[2]!.english).toBe('1 mile around CF10 1AA.');
    const [, , welsh, welshExcluded] = rowsIn('cy', '1 filltir o amgylch CF10 1AA');
    expect(welsh!.english).toBeUndefined();
    expect(welsh!.text).toMatch(/^1 filltir o amgylch CF10 1AA\. 1 categori o droseddau: Bwrgleriaeth\.$/);
    // Its English reason stays on the English page; the Welsh page says what leaving it out means.
    expect(welshExcluded!.english).toBeUndefined();
    expect(welshExcluded!.text).toMatch(
      /^Heddlu De Cymru \(Dim data troseddau ar lefel stryd ar gyfer y misoedd y mae'r cloc hwn yn eu cyfrif\.\)\. /,
    );
  });

  it("says the survey figures' own prose in Welsh where they give it, else their English, marked", () => {
    const now = Date.parse('2025-09-30T12:00:00Z');
    const included = (definition: typeof CSEW_CLOCK_DEFINITION, locale: 'en' | 'cy') =>
      methodRows('csew', definition, now, locale)[2]!;
    const survey = CSEW_CLOCK_DEFINITION.meta.survey!;
    const welsh = included(CSEW_CLOCK_DEFINITION, 'cy');
    expect(welsh.english).toBeUndefined();
    expect(welsh.text.startsWith(`${survey.cy!.note!} `)).toBe(true);
    expect(included(CSEW_CLOCK_DEFINITION, 'en').english).toBe(survey.note);

    const { cy: _welsh, ...withoutWelsh } = survey;
    const older = { ...CSEW_CLOCK_DEFINITION, meta: { ...CSEW_CLOCK_DEFINITION.meta, survey: withoutWelsh } };
    expect(included(older, 'cy').english).toBe(survey.note);
  });

  it("words the excluded forces' causes in Welsh, outside the English block", () => {
    const definition = policeClockDefinition({
      categoryCounts: [{ slug: 'burglary', count: 600 }],
      months: 6,
      latestDataMonth: '2026-03',
      excludedForces: [GREATER_MANCHESTER_EXCLUSION],
      lastUpdated: '2026-05-02T10:00:00Z',
    });
    const excluded = methodRows('police', definition, Date.parse('2026-05-31T12:00:00Z'), 'cy')[3]!;
    expect(excluded.english).toBeUndefined();
    expect(excluded.text).toMatch(
      /^Greater Manchester Police \(Nid yw wedi cyhoeddi data troseddau ar lefel stryd i data\.police\.uk ers Gorffennaf 2019\.\)\. /,
    );
    const english = methodRows('police', definition, Date.parse('2026-05-31T12:00:00Z'), 'en')[3]!;
    expect(english.text).toContain(`Greater Manchester Police (${GREATER_MANCHESTER_EXCLUSION.reason}). `);
  });
});
