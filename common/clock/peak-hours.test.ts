import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORY_SLUGS } from '../crime/categories.ts';
import { createClockModel } from './model.ts';
import { modelPeak, PEAK_PROFILES, POLICE_PEAK_PROFILES } from './peak-hours.ts';

function peakHoursPerDay(peakHours: readonly (readonly [number, number])[]): number {
  return peakHours.reduce((sum, [s, e]) => sum + (e > s ? e - s : 24 - s + e), 0);
}

describe('peak profiles', () => {
  it('carries the survey multipliers the product was specified with', () => {
    const pairs = (p: { peakMultiplier: number; offPeakMultiplier: number }) => [
      p.peakMultiplier,
      p.offPeakMultiplier,
    ];
    expect(pairs(PEAK_PROFILES.violence)).toEqual([1.83, 0.59]);
    expect(pairs(PEAK_PROFILES.robbery)).toEqual([1.8, 0.8]);
    expect(pairs(PEAK_PROFILES.theftFromThePerson)).toEqual([1.92, 0.78]);
    expect(pairs(PEAK_PROFILES.vehicleTheft)).toEqual([1.48, 0.52]);
    expect(pairs(PEAK_PROFILES.theftFromVehicles)).toEqual([1.52, 0.5]);
    expect(pairs(PEAK_PROFILES.bicycleTheft)).toEqual([1.12, 0.88]);
    expect(pairs(PEAK_PROFILES.householdTheft)).toEqual([1.2, 0.8]);
    expect(pairs(PEAK_PROFILES.fraud)).toEqual([1.6, 0.8]);
  });

  it('pairs each multiplier with a window that averages close to 1 over a day', () => {
    for (const [key, p] of Object.entries(PEAK_PROFILES)) {
      const h = peakHoursPerDay(p.peakHours);
      const mean = (p.peakMultiplier * h + p.offPeakMultiplier * (24 - h)) / 24;
      expect(Math.abs(mean - 1), key).toBeLessThan(0.02);
      expect(p.peakMultiplier, key).toBeGreaterThan(p.offPeakMultiplier);
      expect(p.reason.length, key).toBeGreaterThan(20);
    }
  });

  it('puts violence in the evening and night and fraud in the working day', () => {
    expect(PEAK_PROFILES.violence.peakHours).toEqual([[18, 2]]);
    expect(peakHoursPerDay(PEAK_PROFILES.fraud.peakHours)).toBe(6);
  });

  it('maps every police category and compiles in the model', () => {
    expect(Object.keys(POLICE_PEAK_PROFILES).sort()).toEqual([...CRIME_CATEGORY_SLUGS].sort());
    expect(POLICE_PEAK_PROFILES['violent-crime']).toBe(PEAK_PROFILES.violence);
    expect(POLICE_PEAK_PROFILES['other-crime']).toBeUndefined();
    const model = createClockModel(
      CRIME_CATEGORY_SLUGS.map((slug) => {
        const p = POLICE_PEAK_PROFILES[slug];
        return { id: slug, name: slug, annualCount: 1000, ...(p ? { peak: modelPeak(p) } : {}) };
      }),
    );
    expect(model.categories).toHaveLength(CRIME_CATEGORY_SLUGS.length);
  });

  it('sends only the numbers to clients', () => {
    expect(Object.keys(modelPeak(PEAK_PROFILES.robbery)).sort()).toEqual([
      'offPeakMultiplier',
      'peakHours',
      'peakMultiplier',
    ]);
  });
});
