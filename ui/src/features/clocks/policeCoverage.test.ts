import { describe, expect, it } from 'vitest';
import { policeClockDefinition } from '../../../../common/clock/police-definition.ts';
import { POLICE_FORCES } from '../../../../common/police/forces.ts';
import { coverageWords } from './coverageWords.ts';
import { policeClockLead } from './policeCoverage.ts';

const ALL_FORCES = POLICE_FORCES.filter((f) => f.area === 'england' || f.area === 'wales').map((f) => f.id);
const SEVEN = ALL_FORCES.slice(0, 7);

function meta(forceIds: string[], synthetic: boolean, months = 6) {
  return policeClockDefinition({
    categoryCounts: [{ slug: 'burglary', count: 600 }],
    months,
    latestDataMonth: '2025-09',
    excludedForces: [],
    lastUpdated: '2025-10-30T09:15:00Z',
    synthetic,
    coverage: { forceIds, firstMonth: '2025-04' },
  }).meta;
}

describe('what the police data covers, on the pages that name it', () => {
  it('leaves the forces to the one coverage statement, which names British Transport Police beside the 43', () => {
    const all = meta([...ALL_FORCES, 'btp', 'northern-ireland'], false);
    expect(policeClockLead(all)).toMatch(/^A live count of crime recorded by the police so far this year/);
    expect(policeClockLead(all)).not.toContain('England and Wales');
    expect(coverageWords(all.coverage!, 'en')).toBe(
      'all 43 forces in England and Wales and British Transport Police, April 2025 to September 2025',
    );
    expect(coverageWords(all.coverage!, 'cy')).toBe(
      "pob un o'r 43 heddlu yng Nghymru a Lloegr ynghyd â British Transport Police, Ebrill 2025 i Fedi 2025",
    );
  });

  it('says which forces and months the store holds, and that it is the sample', () => {
    const sample = meta(SEVEN, true);
    const covers = expect.stringMatching(
      /^7 of 43 forces in England and Wales \(.+\), April 2025 to September 2025 \(synthetic sample\)$/,
    );
    expect(sample.coverage?.text).toEqual(covers);
    // The lead leaves the forces and months to the one "Covers:" line under the count.
    expect(policeClockLead(sample)).toMatch(
      /^A live count of crime recorded by the police so far this year, running/,
    );
    expect(policeClockLead(sample)).not.toContain(sample.coverage!.text);
  });

  it('claims no area before the data is known', () => {
    expect(policeClockLead(null)).not.toContain('England and Wales');
  });
});

describe('the pace a police clock says it runs at', () => {
  it('is the months its definition holds, in words, singular or plural', () => {
    expect(policeClockLead(meta(ALL_FORCES, false))).toContain(
      'running at the pace of the latest 6 months with data.',
    );
    const areaMeta = { ...meta(SEVEN, false, 12), areaName: 'Kent Police', coverage: undefined };
    expect(policeClockLead(areaMeta, true)).toBe(
      'A live count of police-recorded crime in this area so far this year, running at the pace of the latest 12 months with data.',
    );
    expect(policeClockLead(meta(ALL_FORCES, false, 1))).toContain('the pace of the latest month with data.');
    // Before the definition answers, no number of months is claimed.
    expect(policeClockLead(null, true)).toContain('the pace of the latest months with data.');
  });
});
