import { describe, expect, it } from 'vitest';
import { POLICE_FORCES } from './forces.ts';
import { forceNameFor, inForceNameOrder, labelWithForceName } from './force-name.ts';

describe('forceNameFor', () => {
  it('names a Welsh force by its own Welsh name on a Welsh page, and by its English name otherwise', () => {
    expect(forceNameFor('south-wales', 'cy')).toBe('Heddlu De Cymru');
    expect(forceNameFor('gwent', 'cy')).toBe('Heddlu Gwent');
    expect(forceNameFor('south-wales', 'en')).toBe('South Wales Police');
  });

  it("keeps England's forces, BTP and PSNI as data.police.uk names them, in both languages", () => {
    for (const force of POLICE_FORCES.filter((f) => f.area !== 'wales')) {
      expect(forceNameFor(force.id, 'cy'), force.id).toBe(force.name);
      expect(forceNameFor(force.id, 'en'), force.id).toBe(force.name);
    }
  });

  it('names a force it does not know by the name the data gave, else by its id', () => {
    expect(forceNameFor('atlantis', 'cy', 'Atlantis Constabulary')).toBe('Atlantis Constabulary');
    expect(forceNameFor('atlantis', 'cy')).toBe('atlantis');
    // A known force goes by our name, whatever the data called it.
    expect(forceNameFor('south-wales', 'cy', 'South Wales Police')).toBe('Heddlu De Cymru');
  });
});

describe('labelWithForceName', () => {
  it("renames the force of a force's or a neighbourhood's label on a Welsh page", () => {
    expect(labelWithForceName('South Wales Police', 'cy')).toBe('Heddlu De Cymru');
    expect(labelWithForceName('Cardiff Central, South Wales Police', 'cy')).toBe(
      'Cardiff Central, Heddlu De Cymru',
    );
    expect(labelWithForceName('Splott, Adamsdown, South Wales Police', 'cy')).toBe(
      'Splott, Adamsdown, Heddlu De Cymru',
    );
  });

  it('leaves English labels, English forces and other labels as they are', () => {
    expect(labelWithForceName('Cardiff Central, South Wales Police', 'en')).toBe(
      'Cardiff Central, South Wales Police',
    );
    expect(labelWithForceName('Soho, Metropolitan Police Service', 'cy')).toBe(
      'Soho, Metropolitan Police Service',
    );
    expect(labelWithForceName('1 mile around CF10 1AA', 'cy')).toBe('1 mile around CF10 1AA');
    expect(labelWithForceName('South Wales Police Museum', 'cy')).toBe('South Wales Police Museum');
  });
});

describe('inForceNameOrder', () => {
  const forces = ['south-wales', 'hampshire', 'gwent', 'kent', 'greater-manchester'].map((id) => ({
    id,
    name: POLICE_FORCES.find((f) => f.id === id)!.name,
  }));

  it('orders a Welsh list by the Welsh names', () => {
    expect(inForceNameOrder(forces, 'cy').map((f) => f.id)).toEqual([
      'greater-manchester',
      'hampshire',
      'south-wales',
      'gwent',
      'kent',
    ]);
  });

  it('orders an English list by the English names, without changing the list given', () => {
    const before = forces.map((f) => f.id);
    expect(inForceNameOrder(forces, 'en').map((f) => f.id)).toEqual([
      'greater-manchester',
      'gwent',
      'hampshire',
      'kent',
      'south-wales',
    ]);
    expect(forces.map((f) => f.id)).toEqual(before);
  });
});
