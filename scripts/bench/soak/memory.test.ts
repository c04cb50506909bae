import { describe, expect, it } from 'vitest';
import { listeningInodes, MemoryWatch } from './memory.ts';

const PROC_NET_TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 41234 1 0000000000000000 100 0 0 10 0
   1: 0100007F:0CEA 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 23456 1 0000000000000000 100 0 0 10 0
   2: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 51234 1 0000000000000000 20 4 30 10 -1
`;

describe('which process listens on a port', () => {
  it('reads the listening sockets of a port from /proc/net/tcp', () => {
    expect(listeningInodes(PROC_NET_TCP, 8080)).toEqual(['41234']);
    expect(listeningInodes(PROC_NET_TCP, 3306)).toEqual(['23456']);
    expect(listeningInodes(PROC_NET_TCP, 6379)).toEqual([]);
  });
});

describe('memory watch', () => {
  it('reads this process and reports its start, end and trend', () => {
    const watch = new MemoryWatch([
      { name: 'self', pid: () => process.pid, shared: false },
      { name: 'gone', pid: () => undefined, shared: true },
    ]);
    watch.sample(-1, 'before');
    watch.sample(0, '0 min');
    watch.sample(0.5);
    watch.sample(1, 'end');
    const [self, gone] = watch.report(1, 2);
    expect(self!.samples.map((s) => s.mark)).toEqual(['before', '0 min', undefined, 'end']);
    expect(self!.startMb).toBeGreaterThan(10);
    expect(self!.endMb).toBeGreaterThan(10);
    expect(self!.pids).toEqual([process.pid]);
    expect(self!.trend.verdict).toBe('run too short');
    expect(self!.peakMb).toBeGreaterThanOrEqual(self!.endMb);
    expect(self!.cpuSeconds!.end).toBeGreaterThanOrEqual(self!.cpuSeconds!.start);
    expect(self!.cpuWaitSeconds!.end).toBeGreaterThanOrEqual(self!.cpuWaitSeconds!.start);
    expect(gone!.samples).toEqual([]);
    expect(gone!.startMb).toBeNaN();
  });
});
