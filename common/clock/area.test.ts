import { describe, expect, it } from 'vitest';
import { clockAreaId, clockAreaSearch, parseClockAreaId } from './area.ts';

describe('clock area ids', () => {
  it('reads each kind of area and writes it back the same way', () => {
    expect(parseClockAreaId('postcode:sw1a 1aa')).toEqual({ kind: 'postcode', postcode: 'SW1A1AA' });
    expect(parseClockAreaId('force:kent')).toEqual({ kind: 'force', forceId: 'kent' });
    expect(parseClockAreaId('neighbourhood:kent:MW01')).toEqual({
      kind: 'neighbourhood',
      forceId: 'kent',
      neighbourhoodId: 'MW01',
    });
    for (const id of ['postcode:SW1A1AA', 'force:kent', 'neighbourhood:kent:MW01']) {
      expect(clockAreaId(parseClockAreaId(id)!)).toBe(id);
    }
  });

  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      42,
      '',
      'kent',
      'force:',
      'force:atlantis',
      // Outside England and Wales: counted nowhere, so no clock's area.
      'force:northern-ireland',
      'neighbourhood:northern-ireland:BT1',
      'postcode:NOPE',
      'neighbourhood:kent',
      'neighbourhood:atlantis:MW01',
      'neighbourhood:kent:<script>',
      `neighbourhood:kent:${'A'.repeat(80)}`,
      'county:kent',
    ]) {
      expect(parseClockAreaId(bad), String(bad)).toBeUndefined();
    }
  });

  it('names the search that answers with the clock, radius 1', () => {
    expect(clockAreaSearch({ kind: 'postcode', postcode: 'SW1A1AA' })).toEqual({
      searchType: 'radius',
      postcode: 'SW1A 1AA',
      radius: 1,
    });
    expect(
      clockAreaSearch({ kind: 'neighbourhood', forceId: 'kent', neighbourhoodId: 'MW01' }),
    ).toMatchObject({
      searchType: 'neighbourhood',
      forceId: 'kent',
      neighbourhoodId: 'MW01',
    });
  });
});
