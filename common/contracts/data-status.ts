import { Type, type Static } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';
import { YearMonth } from './month.ts';

/**
 * How current the store's police data is: the newest month, the last check for new data, the
 * last import, and for each force which published months the store holds. Everything in it
 * follows from the data alone (no clock time), so equal data gives an equal answer.
 */

const Month = YearMonth();
/** An ISO 8601 instant in UTC (`Date.prototype.toISOString`). */
const Instant = Type.String();

/**
 * `up-to-date`: the last check found nothing new; `imported`: it brought new data in; `partial`:
 * some of it; `failed`: it could not; `off`: no scheduled check runs (data changes when an
 * operator imports it).
 */
export const CheckResult = Type.Union([
  Type.Literal('up-to-date'),
  Type.Literal('imported'),
  Type.Literal('partial'),
  Type.Literal('failed'),
  Type.Literal('off'),
]);
export type CheckResult = Static<typeof CheckResult>;

export const LastCheck = Type.Object({
  /** When the check ran; null when none has. */
  at: Nullable(Instant),
  result: CheckResult,
  /** One sentence fit for the public. */
  message: Type.String(),
});
export type LastCheck = Static<typeof LastCheck>;

/**
 * `held`: the store holds the force's street crime for the month (`crimes` counts it);
 * `missing`: other forces have the month, this one not (the force published none, or it was never
 * imported); `not-imported`: the latest import run met the force-month's file and failed on it.
 */
export const ForceMonthStatus = Type.Union([
  Type.Literal('held'),
  Type.Literal('missing'),
  Type.Literal('not-imported'),
]);
export type ForceMonthStatus = Static<typeof ForceMonthStatus>;

export const ForceMonth = Type.Object({
  month: Month,
  /** Street crimes held for the force-month; null unless `held`. */
  crimes: Nullable(Type.Integer({ minimum: 0 })),
  status: ForceMonthStatus,
});
export type ForceMonth = Static<typeof ForceMonth>;

export const ForceDataStatus = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Every month the store holds street crime for, for any force, oldest first. */
  months: Type.Array(ForceMonth),
});
export type ForceDataStatus = Static<typeof ForceDataStatus>;

export const DataStatus = Type.Object({
  /** Newest month of street crime held for any force; null when nothing is imported. */
  latestMonth: Nullable(Month),
  lastCheck: LastCheck,
  /** When the next scheduled check runs; null while none is scheduled. */
  nextCheckAt: Nullable(Instant),
  /** When data last came into the store; null when it never has. */
  lastImportAt: Nullable(Instant),
  /** Every data.police.uk force, in name order. */
  forces: Type.Array(ForceDataStatus),
});
export type DataStatus = Static<typeof DataStatus>;

export const GetDataStatus = endpoint({
  method: 'GET',
  path: '/api/data-status',
  response: { 200: DataStatus },
});
