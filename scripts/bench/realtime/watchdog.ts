/**
 * Preloaded (`--import`) into every process the benchmark starts but does not talk to over IPC
 * (the realtime nodes): ends the process when the benchmark that started it is gone, or when its
 * lifetime runs out, so an interrupted benchmark never leaves a server behind. Costs one timer a
 * second in the server's event loop.
 */
const parentPid = Number(process.env.BENCH_WATCHDOG_PARENT ?? 0);
const maxLifetimeMs = Number(process.env.BENCH_WATCHDOG_MAX_MS ?? 0);
const startedAt = Date.now();

function terminate(why: string) {
  console.error(`benchmark watchdog: ${why}; stopping process ${process.pid}`);
  process.kill(process.pid, 'SIGTERM'); // the server's own graceful shutdown
  setTimeout(() => process.exit(1), 5000).unref();
}

if (parentPid > 0 || maxLifetimeMs > 0) {
  let fired = false;
  setInterval(() => {
    if (fired) return;
    if (parentPid > 0 && process.ppid !== parentPid) {
      fired = true;
      terminate('the benchmark that started it has exited');
    } else if (maxLifetimeMs > 0 && Date.now() - startedAt > maxLifetimeMs) {
      fired = true;
      terminate(`its lifetime of ${maxLifetimeMs} ms ran out`);
    }
  }, 1000).unref();
}

export {};
