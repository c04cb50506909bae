/**
 * A light Socket.IO client for load generation: one TCP socket, a hand-written WebSocket handshake
 * and frame codec, and the few Engine.IO v4 / Socket.IO v5 packets the clock protocol uses. It
 * costs a fraction of socket.io-client per connection, so a few processes can hold tens of
 * thousands of clients without becoming the bottleneck of what they measure.
 *
 *   server → "0{…}"                      Engine.IO open        → client sends "40"
 *   server → "40{…}"                     namespace connected   → client sends 420["clock:join",clock]
 *   server → "430[{ok,definition,…}]"    join acknowledged
 *   server → "42["t",[…]]"               a tick (every second; common/realtime/tick.ts)
 *   server → "2"                         Engine.IO ping        → client sends "3"
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ClockKind } from '../../../common/clock/types.ts';
import { REALTIME_PATH, TICK_EVENT } from '../../../common/realtime/protocol.ts';
import {
  encodeClientFrame,
  FrameReader,
  OPCODE_CLOSE,
  OPCODE_PING,
  OPCODE_PONG,
  OPCODE_TEXT,
} from './ws-frames.ts';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const TICK_PREFIX = `42["${TICK_EVENT}",`;
const DEFINITION_PREFIX = '42["clock:definition",';

/**
 * Every socket of a process reads into this one buffer (`onread`: no stream machinery, no
 * allocation per read). Safe because each read is fully handled before the next: complete frames
 * are decoded at once, and the rest (handshake, split frames) is copied out.
 */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** Wall-clock time with sub-millisecond resolution (Date.now() only has whole milliseconds). */
export const preciseNow = (): number => performance.timeOrigin + performance.now();

export interface LightClientTarget {
  host: string;
  port: number;
  /** Source address on the loopback network (127.x.y.z), to spread the ephemeral ports. */
  localAddress?: string;
  clock: ClockKind;
}

export interface LightClientListener {
  joined(client: LightClient): void;
  /** The client could not connect or join; it is closed. */
  failed(client: LightClient, reason: string): void;
  /** A joined client lost its connection. */
  closed(client: LightClient, reason: string): void;
  /** A tick frame: its whole text (`42["t",[…]]`), its size on the wire. */
  tick(client: LightClient, text: string, wireBytes: number, receivedAt: number): void;
  /** Anything else after joining (e.g. `clock:definition`), for counting. */
  other(client: LightClient, kind: 'definition' | 'unknown', wireBytes: number): void;
}

type State = 'connecting' | 'upgrading' | 'engine' | 'namespace' | 'joining' | 'joined' | 'closed';

export class LightClient {
  state: State = 'connecting';
  /** `t` of the last tick this client received (set by the listener). */
  lastTickAt = 0;
  /** Whole total of that tick, to catch a count going backwards. */
  lastCount = 0;
  /** Size of the join acknowledgement (which carries the clock definition), bytes on the wire. */
  joinReplyBytes = 0;
  private readonly socket: Socket;
  private readonly frames = new FrameReader();
  private readonly key = randomBytes(16).toString('base64');
  private handshake = '';
  private readonly frameHandler: (opcode: number, payload: Buffer, wireBytes: number) => void;
  private receivedAt = 0;

  constructor(
    readonly index: number,
    readonly node: number,
    private readonly target: LightClientTarget,
    private readonly listener: LightClientListener,
  ) {
    this.socket = connect({
      host: target.host,
      port: target.port,
      ...(target.localAddress ? { localAddress: target.localAddress } : {}),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes: number, buffer: Uint8Array) => {
          this.onData(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
          return true;
        },
      },
    });
    this.frameHandler = (opcode, payload, wireBytes) =>
      this.onFrame(opcode, payload, wireBytes, this.receivedAt);
    this.socket.on('connect', () => this.upgrade());
    this.socket.on('error', (error: Error) => this.fail(`socket error: ${error.message}`));
    this.socket.on('close', () => this.fail('connection closed'));
  }

  /** Closes with a TCP reset: no TIME_WAIT left behind to hold the source port. */
  destroy(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (!this.socket.destroyed) this.socket.resetAndDestroy();
  }

  private upgrade(): void {
    this.state = 'upgrading';
    this.socket.write(
      `GET ${REALTIME_PATH}/?EIO=4&transport=websocket HTTP/1.1\r\n` +
        `Host: ${this.target.host}:${this.target.port}\r\n` +
        'Upgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Key: ${this.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  }

  private onData(chunk: Buffer): void {
    const receivedAt = preciseNow();
    if (this.state === 'closed') return;
    if (this.state === 'upgrading') {
      this.handshake += chunk.toString('latin1');
      const end = this.handshake.indexOf('\r\n\r\n');
      if (end < 0) {
        if (this.handshake.length > 8192) this.fail('oversized handshake response');
        return;
      }
      const head = this.handshake.slice(0, end);
      if (!/^HTTP\/1\.1 101/.test(head)) return this.fail(`upgrade refused: ${head.split('\r\n')[0]}`);
      const accept = createHash('sha1')
        .update(this.key + WEBSOCKET_GUID)
        .digest('base64');
      if (!new RegExp(`^sec-websocket-accept:\\s*${escapeRegExp(accept)}\\s*$`, 'im').test(head)) {
        return this.fail('bad Sec-WebSocket-Accept');
      }
      const rest = Buffer.from(this.handshake.slice(end + 4), 'latin1');
      this.handshake = '';
      this.state = 'engine';
      if (rest.length === 0) return;
      chunk = rest;
    }
    try {
      this.frames.push(chunk, (opcode, payload, wireBytes) =>
        this.onFrame(opcode, payload, wireBytes, receivedAt),
      );
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private onFrame(opcode: number, payload: Buffer, wireBytes: number, receivedAt: number): void {
    if (this.state === 'closed') return;
    if (opcode === OPCODE_PING) return void this.socket.write(encodeClientFrame(OPCODE_PONG, payload));
    if (opcode === OPCODE_CLOSE) return this.fail('websocket close frame');
    if (opcode !== OPCODE_TEXT) return;
    // latin1 maps bytes one to one: comparing these strings compares the payloads byte for byte.
    const text = payload.toString('latin1');
    if (this.state === 'joined' && text.startsWith(TICK_PREFIX)) {
      return this.listener.tick(this, text, wireBytes, receivedAt);
    }
    switch (text[0]) {
      case '0': // Engine.IO open
        if (this.state !== 'engine') return this.fail('unexpected Engine.IO open');
        this.state = 'namespace';
        return this.send('40');
      case '2': // Engine.IO ping
        return this.send('3');
      case '1': // Engine.IO close
        return this.fail('Engine.IO close');
      case '4':
        return this.onSocketIoPacket(text, wireBytes);
      default:
        return;
    }
  }

  private onSocketIoPacket(text: string, wireBytes: number): void {
    const type = text[1];
    if (type === '0' && this.state === 'namespace') {
      this.state = 'joining';
      return this.send(`420${JSON.stringify(['clock:join', this.target.clock])}`);
    }
    if (type === '4') return this.fail(`namespace refused: ${text.slice(2, 200)}`);
    if (type === '1') return this.fail('namespace disconnect');
    if (type === '3' && this.state === 'joining') {
      if (!text.startsWith('430[{"ok":true')) return this.fail(`join refused: ${text.slice(0, 200)}`);
      this.state = 'joined';
      this.joinReplyBytes = wireBytes;
      return this.listener.joined(this);
    }
    if (this.state === 'joined') {
      this.listener.other(this, text.startsWith(DEFINITION_PREFIX) ? 'definition' : 'unknown', wireBytes);
    }
  }

  private send(text: string): void {
    this.socket.write(encodeClientFrame(OPCODE_TEXT, text));
  }

  /** Closes the client and reports why: as a failure before joining, as a loss after. */
  private fail(reason: string): void {
    if (this.state === 'closed') return;
    const wasJoined = this.state === 'joined';
    this.destroy();
    if (wasJoined) this.listener.closed(this, reason);
    else this.listener.failed(this, reason);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
