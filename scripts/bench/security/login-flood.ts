import { readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sampleProcess } from '../lib/proc-stats.ts';

/**
 * Sign-in flood figures, measured from outside a running API as an attacker would cause them:
 * `count` wrong sign-ins for one account from one address, all sent at once, while a second
 * client asks GET /api/health back to back and /proc reads the server's resident memory.
 *
 * Memory is the peak, not a reading after the flood: the kernel's high-water mark of resident
 * memory (VmHWM) is reset just before the flood (`/proc/<pid>/clear_refs`, allowed for one's own
 * processes) and read after it, and VmRSS is also sampled every few milliseconds during it, in case
 * the reset is refused; the larger of the two counts. Growth is that peak less the resident memory
 * just before.
 *
 * The attacker shares the server's machine here, which a real one does not: its 200 fetches would
 * otherwise take CPU the server needs (on 2 cores, probes then waited for the attacking client,
 * not for the server). So the thread that sends the flood runs at `attackerNice` (19, the lowest
 * priority) and gets only the CPU the server and the prober leave; 0 keeps it at the same priority.
 * Linux gives each thread its own nice value, so the prober's thread keeps the normal one.
 * Used by scripts/bench/security/run.ts (prints the figures) and tests/security (asserts bounds).
 */

export interface FloodFigures {
  attempts: number;
  /** Nice value the flooding thread ran at. */
  attackerNice: number;
  /** Wall time from the first request sent to the last answer. */
  floodMs: number;
  /** 401 answers: guesses whose password was hashed and checked. */
  checked: number;
  /** 429 answers: refused before any hashing. */
  refused: number;
  other: number[];
  /**
   * The server during the flood: CPU time it used, and how long its main thread stood runnable
   * waiting for a CPU the machine's other work held (/proc/<pid>/schedstat): the share of the
   * health latency that is the host's, not the server's.
   */
  server: { cpuMs: number; mainThreadWaitMs: number };
  health: { probes: number; p50Ms: number; p99Ms: number; maxMs: number; failures: number };
  rss: {
    beforeMb: number;
    /** The highest resident memory during the flood. */
    peakMb: number;
    /** `settleMs` after the last answer. */
    afterMb: number;
    /** peakMb less beforeMb: what the flood cost at its worst. */
    peakGrowthMb: number;
    /** Whether the kernel's high-water mark was reset and read (else sampling alone). */
    highWaterMark: boolean;
    samples: number;
  };
}

/** GET /api/health back to back until told to stop; answers with each probe's time. */
const HEALTH_PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  const times = [];
  let failures = 0;
  while (running) {
    const started = performance.now();
    const ok = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) }).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    times.push(performance.now() - started);
    if (!ok) failures += 1;
    await new Promise((r) => setTimeout(r, 2));
  }
  parentPort.postMessage({ times, failures });
})();
`;

/** Back to the thread's own priority; raising it again needs privileges a user may not have. */
function restorePriority(nice: number): void {
  try {
    setPriority(nice);
  } catch {
    // The thread stays at the lower priority: the figures are already taken.
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : NaN;
}
const rssMb = (pid: number) => memoryKb(pid, 'VmRSS') / 1024;

/** Resets the process's peak resident memory to its current one (Linux 4.0+); false if refused. */
function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function loginFlood(options: {
  baseUrl: string;
  pid: number;
  username: string;
  count?: number;
  /** Wait after the flood before the "after" memory reading (freed memory returns in that time). */
  settleMs?: number;
  /** Nice value of the flooding thread while it floods (19 = lowest priority, 0 = as the server). */
  attackerNice?: number;
}): Promise<FloodFigures> {
  const { baseUrl, pid, username, count = 200, settleMs = 2000, attackerNice = 19 } = options;
  const before = rssMb(pid);
  const startSample = sampleProcess(pid);
  const highWaterMark = resetHighWaterMark(pid);
  let peak = before;
  let samples = 0;
  let flooding = true;

  const watchMemory = (async () => {
    while (flooding) {
      peak = Math.max(peak, rssMb(pid));
      samples += 1;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  // The prober runs on a thread of its own: in this thread its answers would wait behind the
  // flood's 200 responses, and the figure would be the attacker's event loop, not the server's.
  const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${baseUrl}/api/health` } });
  const probed = new Promise<{ times: number[]; failures: number }>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  await new Promise((resolve) => prober.once('online', resolve));

  const ownNice = getPriority();
  setPriority(attackerNice);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: `wrong guess number ${i}` }),
        signal: AbortSignal.timeout(60_000),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      ),
    ),
  );
  const floodMs = performance.now() - started;
  restorePriority(ownNice);
  flooding = false;
  prober.postMessage('stop');
  const [, { times: healthTimes, failures: healthFailures }] = await Promise.all([watchMemory, probed]);
  await prober.terminate();
  if (highWaterMark) peak = Math.max(peak, memoryKb(pid, 'VmHWM') / 1024);
  const endSample = sampleProcess(pid);
  await new Promise((r) => setTimeout(r, settleMs));
  const after = rssMb(pid);

  const sorted = [...healthTimes].sort((a, b) => a - b);
  return {
    attempts: count,
    attackerNice,
    floodMs: Math.round(floodMs),
    checked: statuses.filter((s) => s === 401).length,
    refused: statuses.filter((s) => s === 429).length,
    other: statuses.filter((s) => s !== 401 && s !== 429),
    server: {
      cpuMs: Math.round(((endSample?.cpuSeconds ?? NaN) - (startSample?.cpuSeconds ?? NaN)) * 1000),
      mainThreadWaitMs: Math.round(
        ((endSample?.runQueueWaitSeconds ?? NaN) - (startSample?.runQueueWaitSeconds ?? NaN)) * 1000,
      ),
    },
    health: {
      probes: sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      maxMs: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
      failures: healthFailures,
    },
    rss: {
      beforeMb: Math.round(before),
      peakMb: Math.round(peak),
      afterMb: Math.round(after),
      peakGrowthMb: Math.round(peak - before),
      highWaterMark,
      samples,
    },
  };
}
