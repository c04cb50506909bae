/**
 * CPU pinning for benchmarks on a small machine: with the server and its load generator free to
 * run anywhere, Linux tends to wake a loopback receiver on the sender's CPU (wake-affine), and
 * the two then take turns on one core while measuring. Pinning each to its own CPU stands in for
 * clients on other machines. Uses `taskset` (util-linux); threads started later inherit the mask.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export function cpuCount(): number {
  return availableParallelism();
}

/** Restricts every thread of `pid` to `cpus`; false when taskset is missing or refuses. */
export function pinToCpus(pid: number, cpus: readonly number[]): boolean {
  if (cpus.length === 0) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], {
      stdio: 'ignore',
      timeout: 5000,
    });
    return true;
  } catch {
    return false;
  }
}

export interface CpuPlan {
  /** CPU of each realtime node. */
  nodes: number[][];
  /** CPUs of the load generator (empty: not pinned). */
  generator: number[];
}

/** Each node a CPU of its own, the generator the rest (not pinned when nothing is left). */
export function planCpus(nodes: number, cpus = cpuCount()): CpuPlan {
  const plan: CpuPlan = { nodes: [], generator: [] };
  for (let i = 0; i < nodes; i++) plan.nodes.push([i % cpus]);
  for (let cpu = nodes; cpu < cpus; cpu++) plan.generator.push(cpu);
  return plan;
}
