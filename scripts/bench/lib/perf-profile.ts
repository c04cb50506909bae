/**
 * Samples a running process with Linux `perf` (user and kernel stacks' leaf functions) for a
 * bounded time, and reads back the hottest functions. For a uWebSockets.js server this shows
 * where a broadcast's time goes (the kernel's TCP send path, uWS, V8), which V8's own profiler
 * cannot: uWS does its work outside JavaScript.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export function perfAvailable(): Promise<boolean> {
  return new Promise((resolve) => execFile('perf', ['--version'], (error) => resolve(!error)));
}

/** Records `pid` for `seconds` (at most 120) into `file`; resolves when perf has finished. */
export function perfRecord(pid: number, seconds: number, file: string): Promise<boolean> {
  const duration = Math.max(1, Math.min(120, Math.round(seconds)));
  return new Promise((resolve) => {
    const child = spawn(
      'perf',
      ['record', '-F', '499', '-p', String(pid), '-o', file, '--', 'sleep', String(duration)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 30) * 1000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) console.error(`perf record ended with ${code}: ${stderr.trim().slice(-500)}`);
      resolve(code === 0 && existsSync(file));
    });
  });
}

export interface PerfEntry {
  percent: number;
  dso: string;
  symbol: string;
}

/** The functions with the most samples (self time), and the share of each binary/library. */
export function perfReport(file: string, limit = 25): Promise<{ top: PerfEntry[]; byDso: PerfEntry[] }> {
  const report = (sort: string) =>
    new Promise<PerfEntry[]>((resolve) => {
      execFile(
        'perf',
        ['report', '-i', file, '--stdio', '--no-children', '--sort', sort, '--percent-limit', '0.5'],
        { maxBuffer: 32 * 1024 * 1024, timeout: 120_000 },
        (error, stdout) => {
          if (error) return resolve([]);
          const entries: PerfEntry[] = [];
          for (const line of stdout.split('\n')) {
            if (line.startsWith('#')) continue;
            // "  9.61%  [kernel.kallsyms]  [k] tcp_sendmsg"  or, sorted by binary only, "  81.73%  libc.so.6"
            const withSymbol = /^\s+([\d.]+)%\s+(.+?)\s+\[[.kjgu]\]\s+(.*?)\s*$/.exec(line);
            const dsoOnly = withSymbol ? null : /^\s+([\d.]+)%\s+(.+?)\s*$/.exec(line);
            const match = withSymbol ?? dsoOnly;
            if (match)
              entries.push({ percent: Number(match[1]), dso: match[2]!, symbol: withSymbol?.[3] ?? '' });
          }
          resolve(entries);
        },
      );
    });
  return Promise.all([report('dso,sym'), report('dso')]).then(([top, byDso]) => ({
    top: top.slice(0, limit),
    byDso: byDso.slice(0, 12),
  }));
}
