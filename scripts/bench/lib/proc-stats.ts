/**
 * Readings of a process (and of the whole machine) from Linux's /proc, for benchmarks that watch
 * a server they started: CPU time, resident memory, open files and the open-file limit.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), the unit of the CPU times in /proc/<pid>/stat. */
export const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
})();

export interface ProcessSample {
  /** Wall clock of the reading, ms since the epoch. */
  at: number;
  /** User + system CPU time used so far, in seconds. */
  cpuSeconds: number;
  /** Of which in the kernel (system calls: for a socket server mostly the TCP stack). */
  systemSeconds: number;
  rssBytes: number;
  /** Peak resident memory so far (VmHWM). */
  peakRssBytes: number;
  threads: number;
  openFiles: number | undefined;
  /**
   * Time the main thread spent runnable but waiting for a CPU (/proc/<pid>/schedstat), seconds:
   * how much other work on the machine held this process back.
   */
  runQueueWaitSeconds: number;
}

/** One reading of a live process, or undefined when it has gone. */
export function sampleProcess(pid: number): ProcessSample | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      at: Date.now(),
      cpuSeconds: (utime + stime) / CLOCK_TICKS_PER_SECOND,
      systemSeconds: stime / CLOCK_TICKS_PER_SECOND,
      rssBytes: statusNumber(status, 'VmRSS') * 1024,
      peakRssBytes: statusNumber(status, 'VmHWM') * 1024,
      threads: statusNumber(status, 'Threads'),
      openFiles: countOpenFiles(pid),
      runQueueWaitSeconds: runQueueWait(pid),
    };
  } catch {
    return undefined;
  }
}

function statusNumber(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

function runQueueWait(pid: number): number {
  try {
    const [, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return (waitNs ?? 0) / 1e9;
  } catch {
    return Number.NaN;
  }
}

function countOpenFiles(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/** CPU use between two readings of one process, in percent of one core. */
export function cpuPercent(from: ProcessSample, to: ProcessSample): number {
  const seconds = (to.at - from.at) / 1000;
  return seconds > 0 ? ((to.cpuSeconds - from.cpuSeconds) / seconds) * 100 : 0;
}

/** Milliseconds per second the process's main thread waited for a CPU between two readings. */
export function runQueueWaitMsPerSecond(from: ProcessSample, to: ProcessSample): number {
  const seconds = (to.at - from.at) / 1000;
  return seconds > 0 ? ((to.runQueueWaitSeconds - from.runQueueWaitSeconds) * 1000) / seconds : Number.NaN;
}

/** Kernel (system) share of the CPU time used between two readings, 0..1. */
export function systemShare(from: ProcessSample, to: ProcessSample): number {
  const cpu = to.cpuSeconds - from.cpuSeconds;
  return cpu > 0 ? (to.systemSeconds - from.systemSeconds) / cpu : Number.NaN;
}

/** The soft limit on open files of a process ("Max open files" in /proc/<pid>/limits). */
export function openFileLimit(pid: number): number | undefined {
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const match = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(limits);
    if (!match) return undefined;
    return match[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(match[1]);
  } catch {
    return undefined;
  }
}

export interface MachineCpuSample {
  at: number;
  busyTicks: number;
  totalTicks: number;
}

/** Whole-machine CPU counters (first line of /proc/stat). */
export function sampleMachineCpu(): MachineCpuSample {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0);
  // idle + iowait are not busy.
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { at: Date.now(), busyTicks: total - idle, totalTicks: total };
}

/** Machine CPU use between two readings, in percent of all cores together (100 = all busy). */
export function machineBusyPercent(from: MachineCpuSample, to: MachineCpuSample): number {
  const total = to.totalTicks - from.totalTicks;
  return total > 0 ? ((to.busyTicks - from.busyTicks) / total) * 100 : 0;
}
