import { toClockData } from '../../../common/clock/clock-data.ts';
import type { ClockApiResponse, ClockDefinition } from '../../../common/clock/types.ts';
import { tickFrameAt } from '../../../common/realtime/tick.ts';

/** A clock at the server's instant, with the tick the realtime server sends for this second. */
export function clockAnswer(definition: ClockDefinition, serverTime: number): ClockApiResponse {
  const tick = tickFrameAt(definition, serverTime - (serverTime % 1000));
  return { ...toClockData(definition, serverTime), definition, serverTime, tick };
}
