import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../../common/config/config.ts';
import { createConnectionCap } from './connection-cap.ts';

/** A socket as the cap sees it: an address, a close it listens for, a destroy it may call. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

function cappedServer(maxPerAddress: number, trustProxy: TrustProxy = false) {
  const server = new EventEmitter();
  const cap = createConnectionCap({
    maxPerAddress,
    trustProxy,
    log: pino({ level: 'silent' }),
    hashAddress: (address) => `hash:${address}`,
  });
  cap.attach(server as unknown as Server);
  const connect = (address: string) => {
    const socket = new FakeSocket(address);
    server.emit('connection', socket);
    return socket;
  };
  return { cap, connect };
}

// The realtime server counts the same way: realtime/src/limits/connection-limits.int.test.ts.
describe('the API connection cap counts addresses as server-common groups them', () => {
  it('counts every address of one IPv6 /64 as one address', () => {
    const { cap, connect } = cappedServer(2);
    const a = connect('2001:db8:1:2::1');
    const b = connect('2001:db8:1:2::ffff');
    const c = connect('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([false, false, true]);
    expect(cap.open('2001:db8:1:2::77')).toBe(2);
    // Another /64 is not affected.
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false);
    expect(cap.refused()).toBe(1);
  });

  it('counts an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    const { cap, connect } = cappedServer(1);
    connect('203.0.113.7');
    expect(connect('::ffff:203.0.113.7').destroyed).toBe(true);
    expect(cap.open('203.0.113.7')).toBe(1);
  });

  it('counts TCP peers: the listed proxies are exempt, and with a hop count any peer may be one', () => {
    const listed = cappedServer(1, ['10.0.0.0/8']);
    expect([listed.connect('10.0.0.2'), listed.connect('10.0.0.2')].map((s) => s.destroyed)).toEqual([
      false,
      false,
    ]);
    expect([listed.connect('203.0.113.7'), listed.connect('203.0.113.7')].map((s) => s.destroyed)).toEqual([
      false,
      true,
    ]);
    const hops = cappedServer(1, 1);
    expect([hops.connect('203.0.113.7'), hops.connect('203.0.113.7')].map((s) => s.destroyed)).toEqual([
      false,
      false,
    ]);
    expect(hops.cap.refused()).toBe(0);
  });
});
