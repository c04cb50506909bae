/**
 * Stop-and-search rows for one force and month, in date order as the archive has them.
 */
import { csvField } from './csv.ts';
import { snapToMapPoint, type ForceGeoModel, type MutablePoint } from './geography.ts';
import {
  daysInMonth,
  formatMonth,
  isMissingLocalHour,
  monthIndexOf,
  ukOffsetHours,
  yearOf,
} from './months.ts';
import {
  AGE_RANGES,
  ETHNICITIES,
  GENDERS,
  LEGISLATION,
  OFFICER_ETHNICITY_EMPTY_SHARE,
  OUTCOME_LINKED_AFTER_ACTION,
  OUTCOME_LINKED_AFTER_NO_ACTION,
  PART_OF_OPERATION,
  POLICING_OPERATIONS,
  REMOVAL_OF_CLOTHING,
  SEARCH_HOUR_WEIGHTS,
  SEARCH_OUTCOMES,
  SEARCH_TYPES,
  STOP_SEARCH_NO_LOCATION_SHARE,
} from './proportions.ts';
import { Rng, WeightedTable, hashValues } from './random.ts';

function table(entries: readonly (readonly [string, number])[]): WeightedTable<string> {
  return new WeightedTable(
    entries.map(([value]) => csvField(value)),
    entries.map(([, weight]) => weight),
  );
}

const TYPES = table(SEARCH_TYPES);
const OPERATION_FLAGS = table(PART_OF_OPERATION);
const OPERATIONS = POLICING_OPERATIONS.map(csvField);
const GENDER_TABLE = table(GENDERS);
const AGE_TABLE = table(AGE_RANGES);
const ETHNICITY_TABLE = new WeightedTable(
  ETHNICITIES.map(([self, officer]) => [csvField(self), csvField(officer)] as const),
  ETHNICITIES.map(([, , weight]) => weight),
);
const LEGISLATION_TABLE = new WeightedTable(
  LEGISLATION.map((l) => ({ act: csvField(l.act), objects: table(l.objects) })),
  LEGISLATION.map((l) => l.weight),
);
const OUTCOME_TABLE = table(SEARCH_OUTCOMES);
const NO_ACTION = csvField(SEARCH_OUTCOMES[0]![0]);
const LINKED_AFTER_NO_ACTION = table(OUTCOME_LINKED_AFTER_NO_ACTION);
const LINKED_AFTER_ACTION = table(OUTCOME_LINKED_AFTER_ACTION);
const REMOVAL_TABLE = table(REMOVAL_OF_CLOTHING);
const HOUR_TABLE = new WeightedTable(
  SEARCH_HOUR_WEIGHTS.map((_, h) => h),
  SEARCH_HOUR_WEIGHTS,
);
const VEHICLE_ONLY = 'Vehicle search';

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Calls `emit` with each CSV line (no line ending) of the month's searches. `emit` returns true
 * when its caller wants to flush before more lines come.
 */
export async function writeStopSearchRows(options: {
  readonly seed: number;
  readonly forceKey: number;
  readonly month: number;
  readonly count: number;
  readonly geo: ForceGeoModel;
  readonly emit: (line: string) => boolean;
  readonly flush: () => Promise<void>;
}): Promise<void> {
  const { seed, forceKey, month, count, geo, emit, flush } = options;
  const rng = new Rng(hashValues(seed, forceKey, month, 0x55));
  const year = yearOf(month);
  const monthIndex = monthIndexOf(month);
  const days = daysInMonth(month);
  const prefix = formatMonth(month);

  // Minutes since the start of the month, sorted: the files list searches in time order.
  const times = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const day = 1 + rng.int(days);
    let hour = HOUR_TABLE.pick(rng.next());
    if (isMissingLocalHour(year, monthIndex, day, hour)) hour += 1;
    times[i] = ((day - 1) * 24 + hour) * 60 + rng.int(60);
  }
  times.sort();

  const point: MutablePoint = { lat: 0, lng: 0 };
  for (let i = 0; i < count; i++) {
    rng.reseed(hashValues(seed, forceKey, month, 0x56, i));
    const t = times[i]!;
    const day = Math.floor(t / 1440) + 1;
    const hour = Math.floor(t / 60) % 24;
    const offset = ukOffsetHours(year, monthIndex, day, hour);
    const date = `${prefix}-${two(day)}T${two(hour)}:${two(t % 60)}:00+0${offset}:00`;

    const type = TYPES.pick(rng.next());
    const partOfOperation = OPERATION_FLAGS.pick(rng.next());
    const operation =
      partOfOperation === 'True' && rng.next() < 0.6 ? OPERATIONS[rng.int(OPERATIONS.length)]! : '';

    let lat = '';
    let lng = '';
    if (rng.next() >= STOP_SEARCH_NO_LOCATION_SHARE) {
      geo.sample(rng, 0.35, point);
      snapToMapPoint(point);
      lat = point.lat.toFixed(6);
      lng = point.lng.toFixed(6);
    }

    const person = type !== VEHICLE_ONLY;
    const gender = GENDER_TABLE.pick(rng.next());
    const age = AGE_TABLE.pick(rng.next());
    const [selfDefined, officerDefined] = ETHNICITY_TABLE.pick(rng.next());
    const officer = rng.next() < OFFICER_ETHNICITY_EMPTY_SHARE ? '' : officerDefined;
    const legislation = LEGISLATION_TABLE.pick(rng.next());
    const object = legislation.objects.pick(rng.next());
    const outcome = OUTCOME_TABLE.pick(rng.next());
    const linked = (outcome === NO_ACTION ? LINKED_AFTER_NO_ACTION : LINKED_AFTER_ACTION).pick(rng.next());
    const removal = REMOVAL_TABLE.pick(rng.next());

    // A search of a vehicle alone has nobody to describe: those fields stay empty.
    const line = `${type},${date},${partOfOperation},${operation},${lat},${lng},${person ? gender : ''},${
      person ? age : ''
    },${person ? selfDefined : ''},${person ? officer : ''},${legislation.act},${object},${outcome},${linked},${
      person ? removal : ''
    }`;
    if (emit(line)) await flush();
  }
}
