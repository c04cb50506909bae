import { toClockData } from '../../common/clock/clock-data.ts';
import type { ClockApiResponse, ClockDefinition } from '../../common/clock/types.ts';
import { tickFrameAt } from '../../common/realtime/tick.ts';

/**
 * The API's whole answer for a clock (the ClockAnswer contract), for doubles of the API: the
 * realtime server checks what it reads against the contract. Made as api/src/clocks/clock-answer.ts
 * makes it, from the same common functions.
 */
export function clockAnswerFor(definition: ClockDefinition, serverTime = Date.now()): ClockApiResponse {
  const tick = tickFrameAt(definition, serverTime - (serverTime % 1000));
  return { ...toClockData(definition, serverTime), definition, serverTime, tick };
}
