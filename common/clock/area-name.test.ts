import { describe, expect, it } from 'vitest';
import { welshForceName } from '../i18n/glossary-cy.ts';
import { COUNTED_FORCES } from '../police-coverage/coverage.ts';
import { parseClockAreaId, type ClockArea } from './area.ts';
import { areaName, neighbourhoodLabel, neighbourhoodNameIn } from './area-name.ts';

const area = (id: string): ClockArea => {
  const parsed = parseClockAreaId(id);
  if (!parsed) throw new Error(`not an area: ${id}`);
  return parsed;
};

describe('areaName', () => {
  it('names an area in English as the search labels it (api/src/search/search-service.ts)', () => {
    expect(areaName(area('postcode:SW1A1AA'), 'en')).toBe('1 mile around SW1A 1AA');
    expect(areaName(area('force:dyfed-powys'), 'en')).toBe('Dyfed-Powys Police');
    const label = neighbourhoodLabel('Cardiff Central', 'south-wales');
    expect(label).toBe('Cardiff Central, South Wales Police');
    expect(areaName(area('neighbourhood:south-wales:CF1'), 'en', label)).toBe(label);
  });

  it("words a postcode's radius in Welsh, the mile in its form after one", () => {
    expect(areaName(area('postcode:cf101aa'), 'cy')).toBe('1 filltir o amgylch CF10 1AA');
  });

  it('names each Welsh force by its own Welsh name, alone or after a neighbourhood', () => {
    expect(areaName(area('force:dyfed-powys'), 'cy')).toBe('Heddlu Dyfed-Powys');
    expect(areaName(area('neighbourhood:south-wales:CF1'), 'cy', 'Cardiff Central, South Wales Police')).toBe(
      'Cardiff Central, Heddlu De Cymru',
    );
    // England's forces keep their names (docs/i18n.md, "Police force names").
    expect(areaName(area('force:kent'), 'cy')).toBe('Kent Police');
  });

  it('leaves no English of ours and no English name of a Welsh force in any Welsh area name', () => {
    for (const force of COUNTED_FORCES) {
      const names = [
        areaName(area(`force:${force.id}`), 'cy'),
        areaName(area(`neighbourhood:${force.id}:N1`), 'cy', neighbourhoodLabel('Ward', force.id)),
        areaName(area(`neighbourhood:${force.id}:N1`), 'cy'),
      ];
      for (const name of [...names, areaName(area('postcode:SW1A1AA'), 'cy')]) {
        expect(name).not.toMatch(/mile|around|neighbourhood/);
        if (welshForceName(force.id)) expect(name).not.toContain(force.name);
      }
    }
  });

  it('names a neighbourhood by its id when its own name is not at hand, and keeps a label it cannot read', () => {
    expect(areaName(area('neighbourhood:kent:MW01'), 'en')).toBe('neighbourhood MW01, Kent Police');
    expect(areaName(area('neighbourhood:gwent:N1'), 'cy')).toBe('cymdogaeth N1, Heddlu Gwent');
    expect(areaName(area('neighbourhood:south-wales:CF1'), 'cy', 'Odd label')).toBe('Odd label');
  });
});

describe('neighbourhoodNameIn', () => {
  it("reads back the name neighbourhoodLabel wrote, and nothing from another force's label", () => {
    expect(neighbourhoodNameIn(neighbourhoodLabel('A, B', 'kent'), 'kent')).toBe('A, B');
    expect(neighbourhoodNameIn('Cardiff Central, South Wales Police', 'gwent')).toBeUndefined();
    expect(neighbourhoodNameIn(', Kent Police', 'kent')).toBeUndefined();
    expect(neighbourhoodNameIn(undefined, 'kent')).toBeUndefined();
  });
});
