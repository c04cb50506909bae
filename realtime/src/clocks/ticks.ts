import { clockModelsFor } from '../../../common/clock/clock-data.ts';
import { clockAt, wholeCount } from '../../../common/clock/model.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import type { ClockTick } from '../../../common/realtime/protocol.ts';

/** The authoritative tick of a clock at a server instant: a pure function of definition and time. */
export function tickAt(definition: ClockDefinition, instantMs: number): ClockTick {
  const reading = clockAt(clockModelsFor(definition).incidents, instantMs);
  const counts = reading.categories.map((c) => wholeCount(c.count));
  return {
    c: definition.clock,
    v: definition.version,
    t: instantMs,
    y: reading.year,
    n: wholeCount(reading.total),
    k: counts,
  };
}
