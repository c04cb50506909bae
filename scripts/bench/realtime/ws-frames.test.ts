import { describe, expect, it } from 'vitest';
import {
  encodeClientFrame,
  FrameProtocolError,
  FrameReader,
  OPCODE_CONTINUATION,
  OPCODE_PING,
  OPCODE_TEXT,
} from './ws-frames.ts';

/** A server frame (unmasked), as uWebSockets.js sends it. */
function serverFrame(text: string, { opcode = OPCODE_TEXT, fin = true } = {}): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const header =
    n < 126
      ? Buffer.from([(fin ? 0x80 : 0) | opcode, n])
      : n < 65_536
        ? Buffer.from([(fin ? 0x80 : 0) | opcode, 126, n >> 8, n & 0xff])
        : (() => {
            const h = Buffer.alloc(10);
            h[0] = (fin ? 0x80 : 0) | opcode;
            h[1] = 127;
            h.writeBigUInt64BE(BigInt(n), 2);
            return h;
          })();
  return Buffer.concat([header, payload]);
}

function readAll(reader: FrameReader, chunks: Buffer[]) {
  const frames: { opcode: number; text: string; wireBytes: number }[] = [];
  for (const chunk of chunks) {
    reader.push(chunk, (opcode, payload, wireBytes) =>
      frames.push({ opcode, text: payload.toString(), wireBytes }),
    );
  }
  return frames;
}

describe('client frames', () => {
  it('are masked text frames that unmask to the payload', () => {
    for (const text of ['3', '420["clock:join","csew"]', 'x'.repeat(300), 'y'.repeat(70_000)]) {
      const frame = encodeClientFrame(OPCODE_TEXT, text);
      expect(frame[0]).toBe(0x81);
      expect(frame[1]! & 0x80).toBe(0x80);
      const short = frame[1]! & 0x7f;
      const headerLength = short < 126 ? 2 : short === 126 ? 4 : 10;
      const length =
        short < 126 ? short : short === 126 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
      expect(length).toBe(text.length);
      const mask = frame.subarray(headerLength, headerLength + 4);
      const body = frame.subarray(headerLength + 4);
      const unmasked = Buffer.from(body.map((b, i) => b ^ mask[i & 3]!));
      expect(unmasked.toString()).toBe(text);
    }
  });
});

describe('FrameReader', () => {
  it('reads several frames packed in one chunk, with their size on the wire', () => {
    const chunk = Buffer.concat([
      serverFrame('0{"sid":"a"}'),
      serverFrame('40'),
      serverFrame('z'.repeat(200)),
    ]);
    const frames = readAll(new FrameReader(), [chunk]);
    expect(frames.map((f) => f.text)).toEqual(['0{"sid":"a"}', '40', 'z'.repeat(200)]);
    expect(frames.map((f) => f.wireBytes)).toEqual([14, 4, 204]);
  });

  it('reassembles frames split anywhere, byte by byte included', () => {
    const whole = Buffer.concat([serverFrame('42["clock:tick",{"t":1}]'), serverFrame('q'.repeat(70_000))]);
    const bytes = [...whole].map((b) => Buffer.from([b]));
    const frames = readAll(new FrameReader(), bytes);
    expect(frames.map((f) => f.text.length)).toEqual([24, 70_000]);
    const halves = readAll(new FrameReader(), [
      whole.subarray(0, 3),
      whole.subarray(3, 30_000),
      whole.subarray(30_000),
    ]);
    expect(halves.map((f) => f.text)).toEqual(frames.map((f) => f.text));
  }, 30_000); // CPU-heavy on purpose: give a busy machine time

  it('joins fragmented messages and passes control frames in between', () => {
    const frames = readAll(new FrameReader(), [
      serverFrame('ab', { fin: false }),
      serverFrame('ping', { opcode: OPCODE_PING }),
      serverFrame('cd', { opcode: OPCODE_CONTINUATION }),
    ]);
    expect(frames).toEqual([
      { opcode: OPCODE_PING, text: 'ping', wireBytes: 6 },
      { opcode: OPCODE_TEXT, text: 'abcd', wireBytes: 8 },
    ]);
  });

  it('rejects masked server frames and oversized frames', () => {
    const masked = encodeClientFrame(OPCODE_TEXT, 'x');
    expect(() => readAll(new FrameReader(), [masked])).toThrow(FrameProtocolError);
    expect(() => readAll(new FrameReader(100), [serverFrame('x'.repeat(200))])).toThrow(FrameProtocolError);
  });
});
