import { DAY_MS, londonDateTime, londonHour, londonMidnightMs } from './london-time.ts';
import { clockAt, createClockModel, wholeCount, type ClockCategoryInput, type ClockModel } from './model.ts';
import type { ClockData, ClockDefinition, ClockMeta, PrevalenceData } from './types.ts';

interface DefinitionModels {
  readonly incidents: ClockModel;
  readonly prevalence: ClockModel | null;
}

// Definitions are immutable once built or received, so their compiled models (and the models'
// per-year tables) can live exactly as long as the definition object does.
const modelsByDefinition = new WeakMap<ClockDefinition, DefinitionModels>();

export function clockModelsFor(definition: ClockDefinition): DefinitionModels {
  let models = modelsByDefinition.get(definition);
  if (!models) {
    models = {
      incidents: createClockModel(definition.categories),
      prevalence: definition.prevalence ? createClockModel(definition.prevalence) : null,
    };
    modelsByDefinition.set(definition, models);
  }
  return models;
}

/**
 * A short stable fingerprint of a definition's content (32-bit FNV-1a over its JSON, twice with
 * different seeds). Clients compare versions to know whether the data they animate is current.
 */
export function definitionVersion(content: {
  clock: string;
  categories: readonly ClockCategoryInput[];
  prevalence?: readonly ClockCategoryInput[];
  meta: ClockMeta;
}): string {
  const text = JSON.stringify([content.clock, content.categories, content.prevalence ?? null, content.meta]);
  const hash = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return `${content.clock}-${hash(0x811c9dc5)}${hash(0x050c5d1f)}`;
}

/** Whole days from an instant until a London date begins; 0 once it has begun. */
export function daysUntilLondonDate(isoDate: string, instantMs: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return null;
  const starts = londonMidnightMs(Number(match[1]), Number(match[2]), Number(match[3]));
  // Round, not ceil: London days are 23 or 25 hours long around the clock changes.
  return Math.max(0, Math.round((starts - londonMidnightOf(instantMs)) / DAY_MS));
}

function londonMidnightOf(instantMs: number): number {
  const d = londonDateTime(instantMs);
  return londonMidnightMs(d.year, d.month, d.day);
}

/** data.police.uk updates "typically during 1st week of the month": 0 inside it, else days to the 1st. */
export function daysUntilFirstWeekOfMonth(instantMs: number): number {
  const d = londonDateTime(instantMs);
  if (d.day <= 7) return 0;
  const nextMonth = d.month === 12 ? { year: d.year + 1, month: 1 } : { year: d.year, month: d.month + 1 };
  const iso = `${nextMonth.year}-${String(nextMonth.month).padStart(2, '0')}-01`;
  return daysUntilLondonDate(iso, instantMs) ?? 0;
}

function daysUntilNextUpdate(meta: ClockMeta, instantMs: number): number | null {
  if (meta.nextUpdateRule === 'first-week-of-month') return daysUntilFirstWeekOfMonth(instantMs);
  return meta.nextUpdateDate === null ? null : daysUntilLondonDate(meta.nextUpdateDate, instantMs);
}

/** The specification's Clock data for a definition at an instant. */
export function toClockData(definition: ClockDefinition, instantMs: number): ClockData {
  const models = clockModelsFor(definition);
  const reading = clockAt(models.incidents, instantMs);
  const meta = definition.meta;

  let prevalence: PrevalenceData | undefined;
  if (models.prevalence) {
    const people = clockAt(models.prevalence, instantMs);
    prevalence = {
      totalExposures: wholeCount(people.total),
      exposuresPerSecond: people.perSecond,
      prevalenceBreakdown: people.categories.map((c) => ({
        id: c.id,
        name: c.name,
        count: wholeCount(c.count),
        perSecond: c.perSecond,
      })),
      dataSource: meta.dataSource,
      nextUpdateDate: meta.nextUpdateDate,
      lastUpdated: meta.lastUpdated,
    };
  }

  return {
    clock: definition.clock,
    version: definition.version,
    at: new Date(instantMs).toISOString(),
    year: reading.year,
    totalCrimes: wholeCount(reading.total),
    crimesPerSecond: reading.perSecond,
    categoryBreakdown: reading.categories.map((c) => ({
      id: c.id,
      name: c.name,
      count: wholeCount(c.count),
      perSecond: c.perSecond,
      isInPeakPeriod: c.isInPeakPeriod,
      speedFactor: c.speedFactor,
    })),
    lastUpdated: meta.lastUpdated,
    daysUntilNextUpdate: daysUntilNextUpdate(meta, instantMs),
    areaName: meta.areaName,
    dataMethod: meta.dataMethod,
    latestDataMonth: meta.latestDataMonth,
    excludedForces: meta.excludedForces,
    ...(definition.clock === 'csew' ? { currentUKHour: londonHour(instantMs) } : {}),
    ...(prevalence ? { prevalence } : {}),
  };
}
