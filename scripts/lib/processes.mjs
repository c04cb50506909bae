// Small process helpers shared by the start, dev and test commands (plain ESM so they run before any build).
import { spawn } from 'node:child_process';

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/**
 * Starts long-running children with prefixed output and stops them all together: a signal to
 * this process is passed on to each child, and when one child dies the others are stopped.
 */
export function supervise(children, { onAllExited } = {}) {
  const running = new Map();
  let stopping = false;
  let worstCode = 0;

  const stopAll = (signal = 'SIGTERM') => {
    stopping = true;
    for (const child of running.values()) child.kill(signal);
  };

  for (const { name, command, args, env } of children) {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    running.set(name, child);
    const prefix = (stream, target) => {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) target.write(`[${name}] ${line}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      running.delete(name);
      const exitCode = code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1);
      if (!stopping) {
        console.error(`[${name}] exited unexpectedly (${signal ?? code}); stopping the others`);
        worstCode = Math.max(worstCode, exitCode || 1);
        stopAll();
      } else {
        worstCode = Math.max(worstCode, exitCode);
      }
      if (running.size === 0) onAllExited?.(worstCode);
    });
  }

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      console.log(`\nStopping (${signal})...`);
      stopAll('SIGTERM');
    });
  }
  return { stopAll };
}

/** Polls a URL until it answers 2xx, or rejects after the timeout. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
