import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORY_SLUGS } from '../crime/categories.ts';
import { toClockData } from './clock-data.ts';
import { POLICE_FORCES } from '../police/forces.ts';
import {
  forceExclusion,
  policeCoverage,
  GREATER_MANCHESTER_EXCLUSION,
  policeClockDefinition,
  PoliceClockInputError,
  SYNTHETIC_DATA_NOTE,
  type PoliceClockInput,
} from './police-definition.ts';

const base: PoliceClockInput = {
  categoryCounts: [
    { slug: 'violent-crime', count: 600_000 },
    { slug: 'shoplifting', count: 240_000 },
    { slug: 'anti-social-behaviour', count: 500_000 },
    { slug: 'other-crime', count: 30_000 },
  ],
  months: 6,
  latestDataMonth: '2025-09',
  excludedForces: [GREATER_MANCHESTER_EXCLUSION],
  lastUpdated: '2025-11-04T10:00:00Z',
};

describe('police clock definition', () => {
  it('annualises the latest months as count / months × 12', () => {
    const def = policeClockDefinition(base);
    const byId = Object.fromEntries(def.categories.map((c) => [c.id, c]));
    expect(byId['violent-crime']!.annualCount).toBe(1_200_000);
    expect(byId['shoplifting']!.annualCount).toBe(480_000);
    expect(policeClockDefinition({ ...base, months: 3 }).categories[0]!.annualCount).toBe(2_400_000);
  });

  it('says its pace and next update as facts beside their English', () => {
    const { meta } = policeClockDefinition({ ...base, months: 1 });
    expect(meta).toMatchObject({
      paceMonths: 1,
      pace: 'the latest month with data',
      nextUpdateRule: 'first-week-of-month',
    });
    expect(policeClockDefinition(base).meta.paceMonths).toBe(6);
  });

  it("carries a neighbourhood's own name beside its label, and only when given", () => {
    const ward = policeClockDefinition({
      ...base,
      areaName: 'L-shaped Ward, Metropolitan Police Service',
      neighbourhoodName: 'L-shaped Ward',
    });
    expect(ward.meta).toMatchObject({
      areaName: 'L-shaped Ward, Metropolitan Police Service',
      neighbourhoodName: 'L-shaped Ward',
    });
    expect(policeClockDefinition(base).meta).not.toHaveProperty('neighbourhoodName');
    // A renamed neighbourhood is a new definition, which the realtime server pushes to its viewers.
    expect(
      policeClockDefinition({ ...base, areaName: ward.meta.areaName, neighbourhoodName: 'Elsewhere' })
        .version,
    ).not.toBe(ward.version);
  });

  it('leaves out anti-social behaviour unless asked', () => {
    expect(policeClockDefinition(base).categories.map((c) => c.id)).not.toContain('anti-social-behaviour');
    const withAsb = policeClockDefinition({ ...base, includeAntiSocialBehaviour: true });
    expect(withAsb.categories.map((c) => c.id)).toContain('anti-social-behaviour');
  });

  it('shows at most 13 categories, largest first, with labels and peak data', () => {
    const counts = CRIME_CATEGORY_SLUGS.map((slug, i) => ({ slug, count: (i + 1) * 1000 }));
    const def = policeClockDefinition({ ...base, categoryCounts: counts, includeAntiSocialBehaviour: true });
    expect(def.categories).toHaveLength(13);
    const annual = def.categories.map((c) => c.annualCount);
    expect([...annual].sort((a, b) => b - a)).toEqual(annual);
    // The two smallest of the 15 slugs are the ones dropped.
    expect(def.categories.map((c) => c.id)).not.toContain(CRIME_CATEGORY_SLUGS[0]);
    expect(def.categories.map((c) => c.id)).not.toContain(CRIME_CATEGORY_SLUGS[1]);
    const violence = def.categories.find((c) => c.id === 'violent-crime')!;
    expect(violence.name).toBe('Violence and sexual offences');
    expect(violence.peak).toEqual({ peakMultiplier: 1.83, offPeakMultiplier: 0.59, peakHours: [[18, 2]] });
    expect(def.categories.find((c) => c.id === 'other-crime')!.peak).toBeUndefined();
  });

  it('sums repeated categories', () => {
    const def = policeClockDefinition({
      ...base,
      categoryCounts: [
        { slug: 'robbery', count: 100 },
        { slug: 'robbery', count: 200 },
      ],
    });
    expect(def.categories).toEqual([expect.objectContaining({ id: 'robbery', annualCount: 600 })]);
  });

  it('says which forces are missing and when the data runs to', () => {
    const def = policeClockDefinition(base);
    expect(def.meta.excludedForces).toEqual([GREATER_MANCHESTER_EXCLUSION]);
    expect(def.meta.dataMethod).toContain('Greater Manchester Police');
    expect(def.meta.dataMethod).toContain('September 2025');
    expect(def.meta.dataMethod).toMatch(/^Police recorded crime for the latest \d+ months with data, /);
    expect(def.meta.notes.join(' ')).toContain('Greater Manchester Police is not included');
    const data = toClockData(def, Date.parse('2025-11-20T12:00:00Z'));
    expect(data.latestDataMonth).toBe('2025-09');
    expect(data.daysUntilNextUpdate).toBe(11);
    expect(data.currentUKHour).toBeUndefined();
    expect(data.prevalence).toBeUndefined();
  });

  it('gives every excluded force its cause beside its English reason', () => {
    expect(forceExclusion('greater-manchester', 'Greater Manchester Police', '2025-04', '2025-09')).toEqual({
      id: 'greater-manchester',
      name: 'Greater Manchester Police',
      reason: 'Greater Manchester Police has published no street-level crime data since July 2019.',
      cause: { kind: 'stopped-publishing', since: '2019-07' },
    });
    expect(forceExclusion('gwent', 'Gwent Police', '2025-04', '2025-09')).toEqual({
      id: 'gwent',
      name: 'Gwent Police',
      reason: 'No street-level crime data in the store for 2025-04 to 2025-09.',
      cause: { kind: 'not-in-store', from: '2025-04', to: '2025-09' },
    });
  });

  it('says plainly when the counts are synthetic sample data', () => {
    expect(policeClockDefinition(base).meta.notes.join(' ')).not.toContain('sample data');
    const notes = policeClockDefinition({ ...base, synthetic: true }).meta.notes;
    expect(notes[0]).toBe(SYNTHETIC_DATA_NOTE);
    expect(notes[0]).toContain('not from real police records');
    // Visitors read it: how an operator loads real data is said in the admin area only.
    expect(notes[0]).not.toMatch(/npm|import/);
  });

  it('versions by content', () => {
    expect(policeClockDefinition(base).version).toBe(policeClockDefinition({ ...base }).version);
    expect(policeClockDefinition(base).version).not.toBe(
      policeClockDefinition({ ...base, latestDataMonth: '2025-10' }).version,
    );
  });

  it('rejects bad input', () => {
    expect(() => policeClockDefinition({ ...base, months: 0 })).toThrow(PoliceClockInputError);
    expect(() => policeClockDefinition({ ...base, latestDataMonth: '2025-13' })).toThrow(
      PoliceClockInputError,
    );
    expect(() =>
      policeClockDefinition({ ...base, categoryCounts: [{ slug: 'jaywalking', count: 1 }] }),
    ).toThrow(PoliceClockInputError);
    expect(() => policeClockDefinition({ ...base, categoryCounts: [{ slug: 'drugs', count: -1 }] })).toThrow(
      PoliceClockInputError,
    );
  });
});

describe('police clock coverage', () => {
  it('names the forces and months when not all 43 forces report, and a synthetic sample', () => {
    const coverage = policeCoverage(['metropolitan', 'west-midlands', 'btp'], '2025-04', '2025-09', true);
    expect(coverage).toMatchObject({ territorialForces: 2, ofTerritorialForces: 43, synthetic: true });
    // British Transport Police is named beside the territorial forces, never counted among them.
    expect(coverage.text).toBe(
      '2 of 43 forces in England and Wales (Metropolitan Police Service and West Midlands Police) and British Transport Police, April 2025 to September 2025 (synthetic sample)',
    );
    expect(coverage.forces).toContain('British Transport Police');
  });

  it('says England and Wales only when every territorial force reports', () => {
    const all = POLICE_FORCES.filter((f) => f.area === 'england' || f.area === 'wales').map((f) => f.id);
    expect(policeCoverage(all, '2025-09', '2025-09', false).text).toMatch(
      /^all 43 forces in England and Wales, /,
    );
  });

  it('puts the coverage in the definition, and its area name', () => {
    const definition = policeClockDefinition({
      categoryCounts: [{ slug: 'burglary', count: 600 }],
      months: 6,
      latestDataMonth: '2025-09',
      excludedForces: [],
      lastUpdated: '2025-10-01T00:00:00Z',
      synthetic: true,
      coverage: { forceIds: ['metropolitan'], firstMonth: '2025-04' },
    });
    expect(definition.meta.areaName).toBe('1 of 43 forces in England and Wales');
    expect(definition.meta.coverage?.text).toContain('(synthetic sample)');
  });
});
