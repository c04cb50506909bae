/** Number and duration formats shared by the progress display and the summary. */
const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export function count(n: number): string {
  return integer.format(n);
}

export function bytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} kB`;
  return `${n} B`;
}

export function duration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Items per second over `ms`; 0 before any time has passed. */
export function perSecond(items: number, ms: number): number {
  return ms > 0 ? (items * 1000) / ms : 0;
}
