import { describe, expect, it } from 'vitest';
import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import { joinList, softMutation } from '../../../../common/i18n/grammar.ts';
import { coverageOf } from '../../../../common/police-coverage/coverage.ts';
import { coverageWords, monthSpanWords } from '../clocks/coverageWords.ts';
import { areaLabel, issueWords, periodLabel, withheldReason } from './searchWords.ts';
import { categoryLabel, formatCount, longMonth, outcomeLabel, streetLabel } from './searchFormat.ts';
import { outlineLabel, whereFromCentre } from './map/mapWords.ts';
import { frameAt, fromFrame } from '../../../../common/map/frame.ts';

const dataInfo: Pick<SearchDataInfo, 'searchType' | 'radius' | 'area' | 'timeRange'> = {
  searchType: 'radius',
  radius: 1,
  area: { label: '1 mile around SW1A 1AA', postcode: 'SW1A 1AA', forceId: null, neighbourhoodId: null },
  timeRange: { start: '2025-04', end: '2025-07', label: 'April 2025 to July 2025', preset: null },
};

describe('the search page in Welsh', () => {
  it('writes months with cy-GB names, and mutates the month after "i"', () => {
    expect(longMonth('2025-06', 'cy')).toBe('Mehefin 2025');
    expect(monthSpanWords('2025-01', '2025-03', 'cy')).toBe('Ionawr 2025 i Fawrth 2025');
    expect(monthSpanWords('2025-06', '2025-07', 'cy')).toBe('Mehefin 2025 i Orffennaf 2025');
    expect(monthSpanWords('2025-06', '2025-11', 'cy')).toBe('Mehefin 2025 i Dachwedd 2025');
    expect(periodLabel(dataInfo, 'en')).toBe(dataInfo.timeRange.label);
  });

  it('mutates only the letters Welsh mutates', () => {
    expect(
      [
        'Mawrth',
        'Gorffennaf',
        'Tachwedd',
        'Ebrill',
        'Rhagfyr',
        'Chwefror',
        'Llun',
        'Dydd',
        'Pen',
        'Cath',
        'Bws',
      ].map(softMutation),
    ).toEqual([
      'Fawrth',
      'Orffennaf',
      'Dachwedd',
      'Ebrill',
      'Ragfyr',
      'Chwefror',
      'Lun',
      'Ddydd',
      'Ben',
      'Gath',
      'Fws',
    ]);
  });

  it('names a radius search in Welsh, and in English as the server does', () => {
    expect(areaLabel(dataInfo, 'cy')).toBe('1 filltir o amgylch SW1A 1AA');
    expect(areaLabel(dataInfo, 'en')).toBe(dataInfo.area.label);
  });

  it("names a Welsh force's or neighbourhood's area with the force's Welsh name, others as they are", () => {
    const force = { searchType: 'force' as const };
    const area = (label: string, forceId: string, neighbourhoodId: string | null = null) => ({
      label,
      postcode: null,
      forceId,
      neighbourhoodId,
    });
    expect(areaLabel({ ...force, area: area('South Wales Police', 'south-wales') }, 'cy')).toBe(
      'Heddlu De Cymru',
    );
    expect(areaLabel({ ...force, area: area('South Wales Police', 'south-wales') }, 'en')).toBe(
      'South Wales Police',
    );
    expect(
      areaLabel(
        {
          searchType: 'neighbourhood',
          area: area('Splott, South Wales Police', 'south-wales', 'CF1'),
        },
        'cy',
      ),
    ).toBe('Splott, Heddlu De Cymru');
    expect(areaLabel({ ...force, area: area('Kent Police', 'kent') }, 'cy')).toBe('Kent Police');
  });

  it("names a neighbourhood by the answer's neighbourhoodName, whatever its English label says", () => {
    // A label worded otherwise than the search writes it: only the answer's name can say "Splott".
    const splott = {
      searchType: 'neighbourhood' as const,
      area: {
        label: 'Splott ward (South Wales Police)',
        postcode: null,
        forceId: 'south-wales',
        neighbourhoodId: 'CF1',
        neighbourhoodName: 'Splott',
      },
    };
    expect(areaLabel(splott, 'cy')).toBe('Splott, Heddlu De Cymru');
    expect(areaLabel(splott, 'en')).toBe('Splott, South Wales Police');
  });

  it('lists with "a", and "ac" before a vowel', () => {
    expect(joinList(['Heddlu Gwent', 'Heddlu Dyfed-Powys'], 'cy')).toBe('Heddlu Gwent a Heddlu Dyfed-Powys');
    expect(joinList(['Kent Police', 'Essex Police'], 'cy')).toBe('Kent Police ac Essex Police');
    expect(joinList(['A', 'B', 'C'], 'en')).toBe('A, B and C');
  });

  it('words a refused search from its code, in either language', () => {
    const issue = {
      code: 'RANGE_REVERSED' as const,
      title: 'Date Range Reversed',
      text: '',
      durationMs: 6000,
    };
    expect(issueWords(issue, { fromMonth: '2025-06', toMonth: '2025-03' }, 'cy')).toEqual({
      title: 'Ystod dyddiadau o chwith',
      text: "Mae'r mis I (Mawrth 2025) cyn y mis O (Mehefin 2025): dewiswch fis I sydd yr un mis â'r mis O neu ar ei ôl",
    });
    expect(issueWords(issue, { fromMonth: '2025-06', toMonth: '2025-03' }, 'en').text).toBe(
      'The To month (March 2025) is before the From month (June 2025): choose a To month on or after the From month',
    );
  });

  it('names categories and outcomes from the glossary, numbers in cy-GB', () => {
    expect(categoryLabel('anti-social-behaviour', 'cy')).toBe('Ymddygiad gwrthgymdeithasol');
    expect(categoryLabel('anti-social-behaviour', 'en')).toBe('Anti-social behaviour');
    expect(outcomeLabel('Not a real outcome', 'cy')).toBe('Not a real outcome');
    expect(formatCount(12345, 'cy')).toBe('12,345');
    expect(streetLabel('On or near High Street', 'cy')).toBe('Ar neu gerllaw High Street');
  });

  it('says the coverage in Welsh from its facts', () => {
    const coverage = coverageOf(['kent', 'surrey'], '2025-04', '2026-03', true);
    expect(coverageWords(coverage, 'en')).toBe(coverage.text);
    expect(coverageWords(coverage, 'cy')).toBe(
      '2 o 43 heddlu yng Nghymru a Lloegr (Kent Police a Surrey Police), Ebrill 2025 i Fawrth 2026 (sampl synthetig)',
    );
    const withWales = coverageOf(['kent', 'south-wales', 'gwent'], '2025-04', '2026-03', true);
    expect(coverageWords(withWales, 'cy')).toMatch(/\(Heddlu Gwent, Kent Police a Heddlu De Cymru\)/);
  });

  it('says why a rate is withheld in Welsh', () => {
    const withheld = rateWithheld(
      {
        totalMonths: 1,
        forcesWithoutData: [
          { id: 'greater-manchester', name: 'Greater Manchester Police', months: ['2025-06'] },
        ],
        forcesWithData: [{ id: 'btp', name: 'British Transport Police' }],
      },
      { crimeRates: { months: ['2025-06'] } },
    )!;
    expect(withheldReason(withheld, 'en')).toBe(withheld.reason);
    expect(withheldReason(withheld, 'cy')).toMatch(
      /^Nid yw Greater Manchester Police wedi cyhoeddi data troseddu ar lefel stryd ers Gorffennaf 2019\. Cofnodwyd y troseddau a ddangosir yma gan British Transport Police, nid gan Greater Manchester Police\./,
    );
  });
});

describe('the map in Welsh', () => {
  it('words the outline a server labels in English', () => {
    expect(outlineLabel('1 mile around SW1A 1AA', 'cy')).toBe('1 filltir o amgylch SW1A 1AA');
    expect(outlineLabel("The force's 12 neighbourhood boundaries (no force boundary is stored)", 'cy')).toBe(
      "Ffiniau 12 cymdogaeth yr heddlu (nid oes ffin heddlu wedi'i chadw)",
    );
    expect(outlineLabel('1 mile around SW1A 1AA', 'en')).toBe('1 mile around SW1A 1AA');
    // A force's own outline carries the area's label: a Welsh force by its Welsh name.
    expect(outlineLabel('Splott, South Wales Police', 'cy')).toBe('Splott, Heddlu De Cymru');
    expect(outlineLabel('South Wales Police', 'en')).toBe('South Wales Police');
  });

  it('says where a mark is from the centre in Welsh', () => {
    const frame = frameAt({ lat: 51.5, lng: -0.14 });
    expect(whereFromCentre(frame, fromFrame(frame, { x: 0, y: 300 }), 'cy')).toBe(
      "tua 300 m i'r gogledd o'r canol",
    );
    expect(whereFromCentre(frame, fromFrame(frame, { x: 0, y: 0 }), 'cy')).toBe('yn y canol');
    expect(whereFromCentre(frame, fromFrame(frame, { x: -2500, y: 0 }), 'en')).toBe(
      'about 2.5 km west of the centre',
    );
  });
});
