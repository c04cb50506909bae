/**
 * The little of RFC 6455 a load-generating client needs: masked client frames out, unmasked server
 * frames in (split across or packed into TCP chunks in any way). No extensions are negotiated.
 */
import { randomBytes } from 'node:crypto';

export const OPCODE_CONTINUATION = 0x0;
export const OPCODE_TEXT = 0x1;
export const OPCODE_CLOSE = 0x8;
export const OPCODE_PING = 0x9;
export const OPCODE_PONG = 0xa;

/** A masked frame with FIN set, as a client must send. */
export function encodeClientFrame(opcode: number, payload: Buffer | string): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const length = data.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) {
    frame[1] = 0x80 | length;
  } else if (length < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  const start = headerLength + 4;
  for (let i = 0; i < length; i++) frame[start + i] = data[i]! ^ mask[i & 3]!;
  return frame;
}

export type FrameHandler = (opcode: number, payload: Buffer, wireBytes: number) => void;

export class FrameProtocolError extends Error {
  override name = 'FrameProtocolError';
}

/**
 * Reassembles server frames from TCP chunks. Complete frames in a chunk are handed over as views
 * (no copy); only a frame split across chunks is buffered. Fragmented messages are joined.
 */
export class FrameReader {
  private pending: Buffer | undefined;
  private fragments: Buffer[] = [];
  private fragmentOpcode = 0;
  private fragmentBytes = 0;

  constructor(private readonly maxMessageBytes = 16 * 1024 * 1024) {}

  push(chunk: Buffer, onFrame: FrameHandler): void {
    const buffer = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    let offset = 0;
    while (offset < buffer.length) {
      const available = buffer.length - offset;
      if (available < 2) break;
      const first = buffer[offset]!;
      const second = buffer[offset + 1]!;
      if (second & 0x80) throw new FrameProtocolError('server frames must not be masked');
      if (first & 0x70) throw new FrameProtocolError('no extension was negotiated (RSV bits set)');
      let length = second & 0x7f;
      let headerLength = 2;
      if (length === 126) {
        if (available < 4) break;
        length = buffer.readUInt16BE(offset + 2);
        headerLength = 4;
      } else if (length === 127) {
        if (available < 10) break;
        const big = buffer.readBigUInt64BE(offset + 2);
        if (big > BigInt(this.maxMessageBytes)) throw new FrameProtocolError('frame too large');
        length = Number(big);
        headerLength = 10;
      }
      if (length > this.maxMessageBytes) throw new FrameProtocolError('frame too large');
      if (available < headerLength + length) break;
      const payload = buffer.subarray(offset + headerLength, offset + headerLength + length);
      const wireBytes = headerLength + length;
      offset += wireBytes;
      this.deliver(first, payload, wireBytes, onFrame);
    }
    if (offset < buffer.length) {
      // Keep only the unfinished frame; copy so the big chunk it came in can be collected.
      this.pending = Buffer.from(buffer.subarray(offset));
    }
  }

  private deliver(first: number, payload: Buffer, wireBytes: number, onFrame: FrameHandler): void {
    const fin = (first & 0x80) !== 0;
    const opcode = first & 0x0f;
    if (opcode >= 0x8) return onFrame(opcode, payload, wireBytes); // control frames are never fragmented
    if (opcode !== OPCODE_CONTINUATION && fin && this.fragments.length === 0) {
      return onFrame(opcode, payload, wireBytes);
    }
    if (opcode !== OPCODE_CONTINUATION) {
      this.fragments = [];
      this.fragmentOpcode = opcode;
      this.fragmentBytes = 0;
    }
    this.fragments.push(Buffer.from(payload));
    this.fragmentBytes += wireBytes;
    if (this.fragmentBytes > this.maxMessageBytes) throw new FrameProtocolError('message too large');
    if (fin) {
      const whole = Buffer.concat(this.fragments);
      const bytes = this.fragmentBytes;
      this.fragments = [];
      this.fragmentBytes = 0;
      onFrame(this.fragmentOpcode, whole, bytes);
    }
  }
}
