import { describe, expect, it } from 'vitest';
import {
  FORCES_WITHOUT_STREET_DATA,
  POLICE_FORCES,
  POLICE_FORCE_IDS,
  forceById,
  isPoliceForceId,
  publishesStreetData,
} from './forces.ts';

describe('police forces', () => {
  it('lists the 43 forces of England and Wales, Northern Ireland and British Transport Police', () => {
    expect(POLICE_FORCES).toHaveLength(45);
    expect(POLICE_FORCES.filter((f) => f.area === 'england' || f.area === 'wales')).toHaveLength(43);
    expect(POLICE_FORCES.filter((f) => f.area === 'wales').map((f) => f.id)).toEqual([
      'dyfed-powys',
      'gwent',
      'north-wales',
      'south-wales',
    ]);
    expect(new Set(POLICE_FORCES.map((f) => f.id)).size).toBe(45);
    expect(POLICE_FORCES.map((f) => f.id).sort()).toEqual([...POLICE_FORCE_IDS].sort());
  });

  it('uses the data.police.uk ids and the archive names', () => {
    expect(forceById('metropolitan')?.name).toBe('Metropolitan Police Service');
    expect(forceById('city-of-london')?.name).toBe('City of London Police');
    expect(forceById('devon-and-cornwall')?.name).toBe('Devon & Cornwall Police');
    expect(forceById('northern-ireland')?.name).toBe('Police Service of Northern Ireland');
    expect(forceById('btp')?.name).toBe('British Transport Police');
    expect(forceById('greater-manchester')?.name).toBe('Greater Manchester Police');
    expect(forceById('met')).toBeUndefined();
    expect(isPoliceForceId('avon-and-somerset')).toBe(true);
    expect(isPoliceForceId('Avon and Somerset')).toBe(false);
  });

  it('knows Greater Manchester Police publishes no street data since July 2019', () => {
    expect(FORCES_WITHOUT_STREET_DATA.map((g) => g.forceId)).toContain('greater-manchester');
    expect(publishesStreetData('greater-manchester', '2019-06')).toBe(true);
    expect(publishesStreetData('greater-manchester', '2019-07')).toBe(false);
    expect(publishesStreetData('greater-manchester', '2025-06')).toBe(false);
    expect(publishesStreetData('west-midlands', '2025-06')).toBe(true);
  });
});
