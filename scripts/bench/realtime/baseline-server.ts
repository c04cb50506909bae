/**
 * The benchmark's baseline: a bare uWebSockets.js app that does only what the realtime server's
 * tick needs at the socket layer, so the product's cost can be read as a multiple of it. It speaks
 * just enough Engine.IO v4 / Socket.IO v5 for the light clients (open, namespace connect, the
 * `clock:join` acknowledgement) and then, every whole second, publishes to one topic the very text
 * the product sends: `42["t",[…]]` from the product's own tickFrameAt of the same definition.
 * No Socket.IO, no adapter, no rooms bookkeeping, no heartbeats: one `app.publish` per second.
 *
 * Started by run.ts (through nodes.ts, with the watchdog preloaded) with
 *   BENCH_BASELINE_DEFINITION  a JSON file holding the clock definition the product served
 *   REALTIME_PORT, HOST        where to listen
 */
import { readFileSync } from 'node:fs';
import * as uWS from 'uWebSockets.js';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { REALTIME_PATH, TICK_EVENT } from '../../../common/realtime/protocol.ts';
import { tickFrameAt } from '../../../common/realtime/tick.ts';
import { startAimedTimer } from '../../../realtime/src/aimed-timer.ts';

const TOPIC = 'clock';
/** Engine.IO's own default (maxHttpBufferSize), which the product passes to uWS. */
const MAX_PAYLOAD_BYTES = 1_000_000;

const definitionFile = process.env.BENCH_BASELINE_DEFINITION;
const port = Number(process.env.REALTIME_PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
if (!definitionFile || !Number.isInteger(port) || port <= 0) {
  console.error('baseline-server.ts needs BENCH_BASELINE_DEFINITION and REALTIME_PORT');
  process.exit(2);
}
const definition = JSON.parse(readFileSync(definitionFile, 'utf8')) as ClockDefinition;

/** The Socket.IO event packet, prefixed by Engine.IO's message type "4", exactly as the product frames it. */
const tickText = (second: number) => `42${JSON.stringify([TICK_EVENT, tickFrameAt(definition, second)])}`;
const alignedSecond = (instant: number) => instant - (instant % 1000);

let nextSid = 0;
const app = uWS.App();
// Compression, idle timeout and backpressure limit left at uWS's defaults, as the product leaves them.
app.ws<Record<string, never>>(`${REALTIME_PATH}/*`, {
  maxPayloadLength: MAX_PAYLOAD_BYTES,
  open(ws) {
    const sid = (nextSid++).toString(36);
    ws.send(
      `0{"sid":"${sid}","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":${MAX_PAYLOAD_BYTES}}`,
    );
  },
  message(ws, message) {
    const text = Buffer.from(message).toString();
    if (text === '40') return void ws.send(`40{"sid":"${(nextSid++).toString(36)}"}`);
    // 42<ack id>["clock:join",clock]: join the one topic and acknowledge as the product does.
    const join = /^42(\d+)\["clock:join"/.exec(text);
    if (!join) return;
    ws.subscribe(TOPIC);
    const serverTime = Date.now();
    const reply = {
      ok: true,
      definition,
      serverTime,
      tick: tickFrameAt(definition, alignedSecond(serverTime)),
    };
    ws.send(`43${join[1]}${JSON.stringify([reply])}`);
  },
});
app.get('/health', (res) => {
  res.cork(() => {
    res.writeHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ status: 'ok', baseline: true, clocks: { [definition.clock]: definition.version } }),
    );
  });
});

const ticks = startAimedTimer({
  intervalMs: 1000,
  run: (second) => void app.publish(TOPIC, tickText(second), false),
});

let listenSocket: uWS.us_listen_socket | false = false;
app.listen(host, port, (token) => {
  if (!token) {
    console.error(`baseline cannot listen on ${host}:${port}`);
    process.exit(1);
  }
  listenSocket = token;
});

process.once('SIGTERM', () => {
  ticks.stop();
  if (listenSocket) uWS.us_listen_socket_close(listenSocket);
  app.close();
  process.exit(0);
});
