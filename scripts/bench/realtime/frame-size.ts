/**
 * Bytes each viewer receives per second from the realtime server, before and after the tick
 * carried the counts: prints both for the survey clock and a national-scale police
 * clock. `npx tsx scripts/bench/realtime/frame-size.ts`
 *
 * Before: `42["clock:tick",{c,v,t,y,n,k}]` (whole counts only; browsers recomputed the rest) plus a
 * separate `42["server:time",{t}]` every second. After: one `42["t",[…]]` frame.
 */
import { clockModelsFor } from '../../../common/clock/clock-data.ts';
import { clockAt, wholeCount } from '../../../common/clock/model.ts';
import { policeClockDefinition } from '../../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { TICK_EVENT } from '../../../common/realtime/protocol.ts';
import { tickFrameAt } from '../../../common/realtime/tick.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../common/survey/csew-clock.ts';

/** A WebSocket frame from the server: 2 header bytes up to 125 bytes of payload, 4 up to 65,535. */
const wireBytes = (text: string) => Buffer.byteLength(text) + (Buffer.byteLength(text) <= 125 ? 2 : 4);

function previousTick(definition: ClockDefinition, second: number): string {
  const reading = clockAt(clockModelsFor(definition).incidents, second);
  const tick = {
    c: definition.clock,
    v: definition.version,
    t: second,
    y: reading.year,
    n: wholeCount(reading.total),
    k: reading.categories.map((c) => wholeCount(c.count)),
  };
  return `42${JSON.stringify(['clock:tick', tick])}`;
}

const police = policeClockDefinition({
  // About a year of England and Wales police-recorded crime, split like the published figures.
  categoryCounts: [
    ['violent-crime', 2_000_000],
    ['anti-social-behaviour', 1_000_000],
    ['shoplifting', 500_000],
    ['criminal-damage-arson', 500_000],
    ['other-theft', 450_000],
    ['public-order', 400_000],
    ['vehicle-crime', 350_000],
    ['burglary', 250_000],
    ['drugs', 200_000],
    ['other-crime', 120_000],
    ['theft-from-the-person', 100_000],
    ['bicycle-theft', 70_000],
    ['robbery', 75_000],
    ['possession-of-weapons', 60_000],
  ].map(([slug, count]) => ({ slug: String(slug), count: Number(count) })),
  months: 12,
  latestDataMonth: '2026-09',
  excludedForces: [],
  lastUpdated: '2026-11-01T00:00:00.000Z',
});

const second = Date.UTC(2026, 10, 24, 15, 0, 0);
const serverTime = `42${JSON.stringify(['server:time', { t: second + 500 }])}`;
console.log('clock   before: tick + server:time = bytes/s (frames)   after: tick = bytes/s (frames)');
for (const definition of [CSEW_CLOCK_DEFINITION, police]) {
  const before = previousTick(definition, second);
  const after = `42${JSON.stringify([TICK_EVENT, tickFrameAt(definition, second)])}`;
  console.log(
    `${definition.clock.padEnd(7)} ${wireBytes(before)} + ${wireBytes(serverTime)} = ${wireBytes(before) + wireBytes(serverTime)} B (2)` +
      `   ${wireBytes(after)} B (1)`,
  );
  console.log(`  before: ${before}\n          ${serverTime}\n  after:  ${after}`);
}
