import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_FORCE_IDS } from '../../../common/police-coverage/coverage.ts';
import { METRES_PER_MILE } from '../../../common/search/geometry.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { HttpError } from '../http/errors.ts';
import { CENTRE, cosineLawMetres, destination, loadFixture } from '../../../tests/support/search-fixture.ts';
import { createForceService } from './force-service.ts';
import { createStopSearchService } from './stop-search-service.ts';

const OUTCOMES = [
  'A no further action disposal',
  'Arrest',
  'Community resolution',
  '',
  'Summons / charged by post',
];
const ETHNICITIES = [
  'White - English/Welsh/Scottish/Northern Irish/British',
  'Black/African/Caribbean/Black British - African',
  'Asian/Asian British - Indian',
  'Other ethnic group - Not stated',
  'Mixed/Multiple ethnic groups - Any other Mixed/Multiple ethnic background',
  'White - Any other White background',
  '',
];

interface Stop {
  force_id: string;
  month: number;
  type: string;
  occurred_at: string;
  lat: number | null;
  lng: number | null;
  outcome: string | null;
  self_defined_ethnicity: string | null;
  gender: string;
  age_range: string;
  legislation: string;
  object_of_search: string;
}

function buildStops(): Stop[] {
  const stops: Stop[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  for (const month of [202505, 202506]) {
    for (let i = 0; i < 150; i++) {
      const point = destination(CENTRE, 3000 * Math.sqrt(next()), next() * 360);
      const day = 1 + Math.floor(next() * 28);
      const withPosition = next() > 0.05;
      stops.push({
        force_id: 'metropolitan',
        month,
        type: 'Person search',
        occurred_at: `${String(month).slice(0, 4)}-${String(month).slice(4)}-${String(day).padStart(2, '0')}T${String(Math.floor(next() * 24)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00+00:00`,
        lat: withPosition ? point.lat : null,
        lng: withPosition ? point.lng : null,
        outcome: OUTCOMES[Math.floor(next() * OUTCOMES.length)]!,
        self_defined_ethnicity: ETHNICITIES[Math.floor(next() * next() * ETHNICITIES.length)]!,
        gender: 'Male',
        age_range: '18-24',
        legislation: 'Misuse of Drugs Act 1971 (section 23)',
        object_of_search: 'Controlled drugs',
      });
    }
  }
  return stops;
}

const APRIL_UNLOCATED: Stop[] = [0, 1, 2, 3].map((i) => ({
  force_id: 'metropolitan',
  month: 202504,
  type: 'Person search',
  occurred_at: `2025-04-1${i}T12:00:00+00:00`,
  lat: null,
  lng: null,
  outcome: i === 0 ? 'Arrest' : 'A no further action disposal',
  self_defined_ethnicity: ETHNICITIES[0]!,
  gender: 'Male',
  age_range: '18-24',
  legislation: 'Misuse of Drugs Act 1971 (section 23)',
  object_of_search: 'Controlled drugs',
}));

describe.each(testDialects)('forces and stop-and-search on %s', (dialect) => {
  let db: TestDatabase;
  const stops = buildStops();

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    const qi = db.sequelize.getQueryInterface();
    await qi.bulkInsert('stop_searches', stops);
    // Unplaced stops of a force that does not police the centre: never said there.
    await qi.bulkInsert(
      'stop_searches',
      [1, 2, 3].map(() => ({
        ...stops[0]!,
        force_id: 'greater-manchester',
        month: 202505,
        lat: null,
        lng: null,
      })),
    );
    // A month in which the force published stops, none of them with a location.
    await qi.bulkInsert('stop_searches', APRIL_UNLOCATED);
    await qi.bulkInsert(
      'dataset_months',
      [202504, 202505, 202506].map((month) => ({
        force_id: 'metropolitan',
        month,
        dataset: 'stop-and-search',
        row_count: 150,
        skipped_count: 0,
        synthetic: true,
        import_id: null,
        imported_at: new Date(),
      })),
    );
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('lists every counted force with whether the store holds its street crime', async () => {
    const { forces } = await createForceService({ sequelize: db.sequelize }).forces();
    // Northern Ireland is offered nowhere (common/police-coverage).
    expect(forces.map((f) => f.id).sort()).toEqual([...COUNTED_FORCE_IDS].sort());
    expect(forces.find((f) => f.id === 'metropolitan')).toEqual({
      id: 'metropolitan',
      name: 'Metropolitan Police Service',
      hasData: true,
      latestMonth: '2025-06',
      monthsWithData: 6,
    });
    expect(forces.find((f) => f.id === 'city-of-london')?.monthsWithData).toBe(5);
    expect(forces.find((f) => f.id === 'greater-manchester')).toMatchObject({
      hasData: false,
      latestMonth: null,
    });
    expect(forces.map((f) => f.name)).toEqual(
      [...forces.map((f) => f.name)].sort((a, b) => a.localeCompare(b, 'en-GB')),
    );
  });

  it('lists a force’s neighbourhoods and refuses an unknown force', async () => {
    const service = createForceService({ sequelize: db.sequelize });
    expect(await service.neighbourhoods('metropolitan')).toEqual({
      neighbourhoods: [
        { id: 'L-SHAPE', name: 'L-shaped Ward', hasBoundary: true },
        { id: 'NO-BOUNDARY', name: 'Unmapped Ward', hasBoundary: false },
      ],
    });
    expect((await service.neighbourhoods('kent')).note).toMatch(/No neighbourhoods of Kent Police/);
    await expect(service.neighbourhoods('nowhere')).rejects.toBeInstanceOf(HttpError);
  });

  it('sums stops within a mile of the point in the latest month by default', async () => {
    const result = await createStopSearchService({ sequelize: db.sequelize }).near(CENTRE);
    const near = stops.filter(
      (s) =>
        s.month === 202506 &&
        s.lat !== null &&
        cosineLawMetres(CENTRE, { lat: s.lat, lng: s.lng! }) <= METRES_PER_MILE,
    );
    expect(result.month).toBe('2025-06');
    expect(result.hasData).toBe(true);
    expect(result.stats.totalStops).toBe(near.length);
    expect(result.stats.arrests).toBe(near.filter((s) => s.outcome === 'Arrest').length);
    expect(result.stats.noAction).toBe(
      near.filter((s) => s.outcome === 'A no further action disposal').length,
    );
    const outcomeCounts = new Map<string, number>();
    for (const s of near)
      outcomeCounts.set(s.outcome || 'Not stated', (outcomeCounts.get(s.outcome || 'Not stated') ?? 0) + 1);
    expect(Object.fromEntries(result.stats.outcomeBreakdown.map((o) => [o.outcome, o.count]))).toEqual(
      Object.fromEntries(outcomeCounts),
    );

    const ethnicity = new Map<string, number>();
    for (const s of near) {
      const e = s.self_defined_ethnicity || 'Not stated';
      ethnicity.set(e, (ethnicity.get(e) ?? 0) + 1);
    }
    const top = [...ethnicity].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
    expect(result.stats.ethnicityBreakdown.map((e) => e.count)).toEqual(top.map(([, n]) => n));
    expect(result.stats.ethnicityBreakdown).toHaveLength(5);

    const newest = [...near].sort((a, b) => (a.occurred_at < b.occurred_at ? 1 : -1)).slice(0, 10);
    expect(result.records.map((r) => r.datetime)).toEqual(newest.map((s) => s.occurred_at));
    expect(result.records[0]).toMatchObject({
      type: 'Person search',
      object_of_search: 'Controlled drugs',
      legislation: 'Misuse of Drugs Act 1971 (section 23)',
      location: { street: { name: null } },
    });
  });

  it('answers for a chosen month, an empty month, and refuses a malformed one', async () => {
    const service = createStopSearchService({ sequelize: db.sequelize });
    const may = await service.near(CENTRE, '2025-05');
    expect(may.month).toBe('2025-05');
    expect(may.stats.totalStops).toBe(
      stops.filter(
        (s) =>
          s.month === 202505 &&
          s.lat !== null &&
          cosineLawMetres(CENTRE, { lat: s.lat, lng: s.lng! }) <= METRES_PER_MILE,
      ).length,
    );
    const unlocated = new Map<string, number>();
    for (const s of stops.filter((s) => s.month === 202505 && s.lat === null)) {
      unlocated.set(s.force_id, (unlocated.get(s.force_id) ?? 0) + 1);
    }
    // Stops without a location are not in the circle's totals, but are said, per force.
    expect(unlocated.size).toBeGreaterThan(0);
    expect(may.withoutLocation.map((f) => [f.forceId, f.stops])).toEqual([...unlocated].sort());
    const empty = await service.near(CENTRE, '2024-01');
    expect(empty).toMatchObject({ month: '2024-01', hasData: false, records: [], stats: { totalStops: 0 } });
    await expect(service.near(CENTRE, '2025-13')).rejects.toMatchObject({ statusCode: 400 });
  });
  it('says, for an area without located stops, how many stops of its forces had no location', async () => {
    const april = await createStopSearchService({ sequelize: db.sequelize }).near(CENTRE, '2025-04');
    expect(april).toMatchObject({ month: '2025-04', scope: 'area', hasData: true, records: [] });
    expect(april.stats.totalStops).toBe(0);
    expect(april.withoutLocation).toEqual([
      { forceId: 'metropolitan', name: 'Metropolitan Police Service', stops: APRIL_UNLOCATED.length },
    ]);
  });

  it('counts every stop of a force for a force search, those without a location included', async () => {
    const service = createStopSearchService({ sequelize: db.sequelize });
    const may = await service.ofForce('metropolitan', '2025-05');
    const all = stops.filter((s) => s.force_id === 'metropolitan' && s.month === 202505);
    const unlocated = all.filter((s) => s.lat === null).length;
    expect(unlocated).toBeGreaterThan(0);
    expect(may).toMatchObject({ month: '2025-05', scope: 'force', hasData: true });
    expect(may.stats.totalStops).toBe(all.length);
    expect(may.stats.arrests).toBe(all.filter((s) => s.outcome === 'Arrest').length);
    expect(may.withoutLocation).toEqual([
      { forceId: 'metropolitan', name: 'Metropolitan Police Service', stops: unlocated },
    ]);
    const newest = [...all].sort((a, b) => (a.occurred_at < b.occurred_at ? 1 : -1)).slice(0, 10);
    expect(may.records.map((r) => r.datetime)).toEqual(newest.map((s) => s.occurred_at));

    const april = await service.ofForce('metropolitan', '2025-04');
    expect(april.stats).toMatchObject({ totalStops: APRIL_UNLOCATED.length, arrests: 1, noAction: 3 });
    expect(april.records.every((r) => r.location === null)).toBe(true);

    // Another force's stops never count, and a force that published none for the month has no data.
    const manchester = await service.ofForce('greater-manchester', '2025-06');
    expect(manchester).toMatchObject({ hasData: false, stats: { totalStops: 0 }, withoutLocation: [] });
    await expect(service.ofForce('nowhere')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers a point or a force as asked, and refuses a query with neither', async () => {
    const service = createStopSearchService({ sequelize: db.sequelize });
    expect((await service.answer({ force: 'metropolitan', date: '2025-04' })).scope).toBe('force');
    expect((await service.answer({ lat: CENTRE.lat, lng: CENTRE.lng, date: '2025-04' })).scope).toBe('area');
    await expect(service.answer({ lat: CENTRE.lat })).rejects.toMatchObject({ statusCode: 400 });
  });
});
