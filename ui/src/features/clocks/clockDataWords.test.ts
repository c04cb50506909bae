import { describe, expect, it } from 'vitest';
import {
  forceExclusion,
  GREATER_MANCHESTER_EXCLUSION,
  POLICE_UPDATE_NOTE,
  policeClockDefinition,
} from '../../../../common/clock/police-definition.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { clockMessage } from './clockIntl.ts';
import {
  englishLang,
  exclusionReason,
  nextUpdateWords,
  paceWords,
  policeMethodWords,
  surveyWords,
} from './clockDataWords.ts';

const survey = CSEW_CLOCK_DEFINITION.meta;
const police: Pick<ClockMeta, 'nextUpdate' | 'nextUpdateRule'> = {
  nextUpdate: POLICE_UPDATE_NOTE,
  nextUpdateRule: 'first-week-of-month',
};

describe('the basis of the pace, from the number of months', () => {
  it('in English, as the API says it', () => {
    expect(paceWords({ paceMonths: 12 }, 'en')).toBe('the latest 12 months with data');
    expect(paceWords({ paceMonths: 1 }, 'en')).toBe('the latest month with data');
  });

  it('in Welsh, with the plural forms of "mis"', () => {
    expect(paceWords({ paceMonths: 1 }, 'cy')).toBe('y mis diweddaraf â data');
    expect(paceWords({ paceMonths: 2 }, 'cy')).toBe('y 2 fis diweddaraf â data');
    expect(paceWords({ paceMonths: 6 }, 'cy')).toBe('y 6 mis diweddaraf â data');
    expect(paceWords({ paceMonths: 12 }, 'cy')).toBe('y 12 mis diweddaraf â data');
  });

  it('claims no number without one', () => {
    expect(paceWords(null, 'en')).toBe('the latest months with data');
    expect(paceWords({}, 'cy')).toBe('y misoedd diweddaraf sydd â data');
  });
});

describe('when the next data comes', () => {
  it('words the survey’s next edition from its month', () => {
    expect(survey.nextEditionYearEnding).toBe('2025-06');
    expect(nextUpdateWords(survey, 'en')).toBe('year ending June 2025');
    expect(nextUpdateWords(survey, 'cy')).toBe('y flwyddyn yn gorffen Mehefin 2025');
    // Whatever the figures call it in English: the page words the month.
    expect(nextUpdateWords({ ...survey, nextUpdate: 'the summer edition' }, 'cy')).toBe(
      'y flwyddyn yn gorffen Mehefin 2025',
    );
  });

  it('says the police data’s monthly note by its rule', () => {
    expect(nextUpdateWords(police, 'en')).toBe(POLICE_UPDATE_NOTE);
    expect(nextUpdateWords(police, 'cy')).toBe('Fel arfer yn ystod wythnos gyntaf y mis');
  });

  it('shows figures that give no edition month in their own words', () => {
    const older = { nextUpdate: 'Spring 2026', nextUpdateRule: 'date' as const };
    expect(nextUpdateWords(older, 'cy')).toBe('Spring 2026');
  });
});

describe('how a police clock counts, and its source', () => {
  const definition = (months: number, excluded = [GREATER_MANCHESTER_EXCLUSION]) =>
    policeClockDefinition({
      categoryCounts: [{ slug: 'burglary', count: 600 }],
      months,
      latestDataMonth: '2025-09',
      excludedForces: excluded,
      lastUpdated: '2025-10-01T00:00:00Z',
    });

  it.each([1, 6, 12])('says in English what the definition says (%i months)', (months) => {
    const { meta } = definition(months);
    expect(policeMethodWords(meta, 'en')).toBe(meta.dataMethod);
    expect(clockMessage('en', 'clocks.police.dataSource')).toBe(meta.dataSource);
  });

  it('says it in Welsh, from the same facts', () => {
    expect(policeMethodWords(definition(6).meta, 'cy')).toBe(
      "Troseddau a gofnodwyd gan yr heddlu yn y 6 mis diweddaraf â data, hyd at ddiwedd Medi 2025, wedi'u graddio i flwyddyn (cyfrif ÷ 6 × 12) a'u lledaenu dros y flwyddyn yn ôl yr adeg o'r dydd y cyflawnir pob math o drosedd amlaf; heb gynnwys Greater Manchester Police",
    );
    expect(policeMethodWords(definition(12, []).meta, 'cy')).toBe(
      "Troseddau a gofnodwyd gan yr heddlu yn y 12 mis diweddaraf â data, hyd at ddiwedd Medi 2025, wedi'u lledaenu dros y flwyddyn yn ôl yr adeg o'r dydd y cyflawnir pob math o drosedd amlaf",
    );
  });

  it('names an excluded Welsh force by its Welsh name on a Welsh page, and as the definition does in English', () => {
    const gwent = forceExclusion('gwent', 'Gwent Police', '2025-04', '2025-09');
    const { meta } = definition(6, [gwent]);
    expect(policeMethodWords(meta, 'en')).toBe(meta.dataMethod);
    expect(policeMethodWords(meta, 'en')).toMatch(/; excludes Gwent Police$/);
    expect(policeMethodWords(meta, 'cy')).toMatch(/; heb gynnwys Heddlu Gwent$/);
  });
});

describe('why a force is left out', () => {
  it('says the Greater Manchester gap as its definition does in English, and in Welsh from the same facts', () => {
    expect(exclusionReason(GREATER_MANCHESTER_EXCLUSION, 'en')).toEqual({
      text: GREATER_MANCHESTER_EXCLUSION.reason,
      english: false,
    });
    expect(exclusionReason(GREATER_MANCHESTER_EXCLUSION, 'cy')).toEqual({
      text: 'Nid yw wedi cyhoeddi data troseddau ar lefel stryd i data.police.uk ers Gorffennaf 2019.',
      english: false,
    });
  });

  it('words months missing from the store in the page\'s language, the month after "i" mutated', () => {
    const gwent = {
      id: 'gwent',
      name: 'Gwent Police',
      reason: 'No street-level crime data in the store for 2025-04 to 2025-09.',
      cause: { kind: 'not-in-store', from: '2025-04', to: '2025-09' },
    } as const;
    expect(exclusionReason(gwent, 'en').text).toBe(
      'No street-level crime data in the store for April 2025 to September 2025.',
    );
    expect(exclusionReason(gwent, 'cy').text).toBe(
      'Dim data troseddau ar lefel stryd yn y storfa ar gyfer Ebrill 2025 i Fedi 2025.',
    );
  });

  it("words a force without a cause (a definition from before causes) in the page's language", () => {
    const older = { id: 'kent', name: 'Kent Police', reason: 'Some reason.' };
    expect(exclusionReason(older, 'en')).toEqual({ text: 'Some reason.', english: true });
    expect(exclusionReason(older, 'cy')).toEqual({
      text: "Dim data troseddau ar lefel stryd ar gyfer y misoedd y mae'r cloc hwn yn eu cyfrif.",
      english: false,
    });
    // A force known to have stopped publishing is worded from that fact, in either language.
    const { cause: _cause, ...manchester } = GREATER_MANCHESTER_EXCLUSION;
    expect(exclusionReason(manchester, 'cy')).toEqual(exclusionReason(GREATER_MANCHESTER_EXCLUSION, 'cy'));
    expect(exclusionReason(manchester, 'en').english).toBe(false);
  });
});

describe("the survey figures' own prose", () => {
  const welsh = survey.survey!.cy!;

  it('is Welsh on a Welsh page where the figures give it', () => {
    const words = surveyWords(survey, 'cy');
    expect(words.note).toEqual({ text: welsh.note, english: false });
    expect(words.dataMethod).toEqual({ text: welsh.dataMethod, english: false });
    expect(words.prevalenceWarnings.map((w) => w.text)).toEqual(welsh.prevalenceWarnings);
    expect(words.prevalenceWarnings.every((w) => !w.english)).toBe(true);
    expect(englishLang(words.note)).toBeUndefined();
  });

  it('is the English, marked as English, where they do not, and on an English page', () => {
    const english = surveyWords(survey, 'en');
    expect(english.note).toEqual({ text: survey.survey!.note, english: true });
    expect(english.dataMethod.text).toBe(survey.dataMethod);
    expect(englishLang(english.dataMethod)).toBe('en-GB');

    const { cy: _cy, ...withoutWelsh } = survey.survey!;
    const older = surveyWords({ ...survey, survey: withoutWelsh }, 'cy');
    expect(older.note).toEqual({ text: survey.survey!.note, english: true });
    expect(older.prevalenceWarnings.map((w) => w.text)).toEqual(survey.survey!.prevalenceWarnings);
    expect(older.prevalenceWarnings.every((w) => w.english)).toBe(true);

    // Field by field: Welsh for the method only leaves the note in English.
    const methodOnly = surveyWords(
      { ...survey, survey: { ...withoutWelsh, cy: { dataMethod: 'Dull.' } } },
      'cy',
    );
    expect(methodOnly.dataMethod).toEqual({ text: 'Dull.', english: false });
    expect(methodOnly.note?.english).toBe(true);
    expect(methodOnly.prevalenceWarnings[0]?.english).toBe(true);
  });
});
