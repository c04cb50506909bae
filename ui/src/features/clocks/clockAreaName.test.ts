import { describe, expect, it } from 'vitest';
import { SEARCH_RADIUS_MILES } from '../../../../common/search/types.ts';
import { clockAreaName } from './clockAreaName.ts';

describe('clockAreaName', () => {
  it('words a postcode clock as the server labels it in English (api/src/search/search-service.ts)', () => {
    expect(
      clockAreaName('postcode:SW1A1AA', 'en', {
        areaName: `${SEARCH_RADIUS_MILES} mile around SW1A 1AA`,
      }),
    ).toBe('1 mile around SW1A 1AA');
    // Worded from the id alone, before the definition has come.
    expect(clockAreaName('postcode:cf101aa', 'en')).toBe('1 mile around CF10 1AA');
  });

  it('words a postcode clock in Welsh, with the mile in its Welsh form after one', () => {
    expect(clockAreaName('postcode:CF101AA', 'cy', { areaName: '1 mile around CF10 1AA' })).toBe(
      '1 filltir o amgylch CF10 1AA',
    );
  });

  it('names a force clock as the server does in English, and a Welsh force by its Welsh name', () => {
    expect(clockAreaName('force:south-wales', 'en', { areaName: 'South Wales Police' })).toBe(
      'South Wales Police',
    );
    expect(clockAreaName('force:south-wales', 'cy', { areaName: 'South Wales Police' })).toBe(
      'Heddlu De Cymru',
    );
    expect(clockAreaName('force:dyfed-powys', 'cy')).toBe('Heddlu Dyfed-Powys');
    // England's forces keep their names (docs/i18n.md).
    expect(clockAreaName('force:kent', 'cy')).toBe('Kent Police');
  });

  it("keeps a neighbourhood's own name as data and names its force in the page's language", () => {
    const meta = { areaName: 'Cardiff Central, South Wales Police', neighbourhoodName: 'Cardiff Central' };
    expect(clockAreaName('neighbourhood:south-wales:CF1', 'en', meta)).toBe(meta.areaName);
    expect(clockAreaName('neighbourhood:south-wales:CF1', 'cy', meta)).toBe(
      'Cardiff Central, Heddlu De Cymru',
    );
    // The name is the field's, whatever the English label says: none of it is parsed.
    expect(
      clockAreaName('neighbourhood:south-wales:CF1', 'cy', {
        areaName: 'Roath, Cardiff, South Wales Police',
        neighbourhoodName: 'Roath, Cardiff',
      }),
    ).toBe('Roath, Cardiff, Heddlu De Cymru');
  });

  it('keeps the definition’s name when the id cannot be read, and reads an older definition’s label', () => {
    expect(clockAreaName('nowhere', 'cy', { areaName: 'Somewhere' })).toBe('Somewhere');
    // A definition from before the field: the name is read from the label areaName's way
    // (common/clock/area-name.ts), its force in the page's language.
    const label = 'Cardiff Central, South Wales Police';
    expect(clockAreaName('neighbourhood:south-wales:CF1', 'cy', { areaName: label })).toBe(
      'Cardiff Central, Heddlu De Cymru',
    );
    expect(clockAreaName('neighbourhood:south-wales:CF1', 'cy')).toBeUndefined();
  });
});
