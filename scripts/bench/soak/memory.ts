/**
 * Resident memory of the cluster's processes over the soak (VmRSS from /proc/<pid>/status, read by
 * scripts/bench/lib/proc-stats.ts), and for a cluster the soak did not start, which process listens
 * on a port (from /proc/net/tcp and the processes' open sockets).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sampleProcess } from '../lib/proc-stats.ts';
import { rssTrend, type RssSample, type RssTrend } from './stats.ts';

export interface WatchedProcess {
  name: string;
  pid(): number | undefined;
  /** Shared with other work on the machine (MySQL, Redis): reported, not judged. */
  shared: boolean;
}

export interface ProcessMemory {
  name: string;
  shared: boolean;
  pids: number[];
  samples: (RssSample & { pid: number; mark?: string })[];
  /** CPU time used so far at the first and the latest reading during the load. */
  cpuSeconds: { start: number; end: number } | undefined;
  /** Time its main thread spent runnable but waiting for a CPU, at the same two readings. */
  cpuWaitSeconds: { start: number; end: number } | undefined;
}

export interface ProcessMemoryReport extends ProcessMemory {
  startMb: number;
  endMb: number;
  peakMb: number;
  trend: RssTrend;
}

export class MemoryWatch {
  private readonly processes: ProcessMemory[];

  constructor(private readonly watched: WatchedProcess[]) {
    this.processes = watched.map((w) => ({
      name: w.name,
      shared: w.shared,
      pids: [],
      samples: [],
      cpuSeconds: undefined,
      cpuWaitSeconds: undefined,
    }));
  }

  /**
   * One reading of every process, at `minute` of the load (negative: before it started); `mark`
   * names the readings shown in the minute-by-minute table ("before", "1 min", "end").
   */
  sample(minute: number, mark?: string): void {
    this.watched.forEach((w, i) => {
      const pid = w.pid();
      if (pid === undefined) return;
      const reading = sampleProcess(pid);
      if (!reading) return;
      const memory = this.processes[i]!;
      if (!memory.pids.includes(pid)) memory.pids.push(pid);
      memory.samples.push({ minute, rssMb: reading.rssBytes / 1024 / 1024, pid, ...(mark ? { mark } : {}) });
      if (minute >= 0) {
        memory.cpuSeconds = {
          start: memory.cpuSeconds?.start ?? reading.cpuSeconds,
          end: reading.cpuSeconds,
        };
        const wait = reading.runQueueWaitSeconds;
        if (Number.isFinite(wait)) {
          memory.cpuWaitSeconds = { start: memory.cpuWaitSeconds?.start ?? wait, end: wait };
        }
      }
    });
  }

  /** Latest reading of each process, MB. */
  latest(): { name: string; rssMb: number }[] {
    return this.processes
      .filter((p) => p.samples.length > 0)
      .map((p) => ({ name: p.name, rssMb: p.samples[p.samples.length - 1]!.rssMb }));
  }

  report(loadMinutes: number, slopeLimit: number): ProcessMemoryReport[] {
    return this.processes.map((p) => {
      const during = p.samples.filter((s) => s.minute >= 0);
      const first = during[0] ?? p.samples[0];
      const last = p.samples[p.samples.length - 1];
      return {
        ...p,
        startMb: first?.rssMb ?? Number.NaN,
        endMb: last?.rssMb ?? Number.NaN,
        peakMb: p.samples.length > 0 ? Math.max(...p.samples.map((s) => s.rssMb)) : Number.NaN,
        trend: rssTrend(during, loadMinutes, slopeLimit),
      };
    });
  }
}

/**
 * Inodes of the sockets listening on `port` (IPv4 and IPv6), from /proc/net/tcp{,6} text:
 * `sl local_address rem_address st … uid timeout inode …`, state 0A = LISTEN, ports in hex.
 */
export function listeningInodes(procNetTcp: string, port: number): string[] {
  const inodes: string[] = [];
  for (const line of procNetTcp.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const local = fields[1]!;
    const localPort = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
    if (fields[3] === '0A' && localPort === port && fields[9] !== '0') inodes.push(fields[9]!);
  }
  return inodes;
}

/** The process listening on a local TCP port, or undefined (gone, or not readable). */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const inode of listeningInodes(readFileSync(file, 'utf8'), port)) inodes.add(inode);
    } catch {
      // no IPv6, or no /proc
    }
  }
  if (inodes.size === 0) return undefined;
  const targets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (targets.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}
