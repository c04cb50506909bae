import { Worker } from 'node:worker_threads';

const SPIN = `
  const { parentPort } = require('node:worker_threads');
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 2e8; i++) x = (x * 31 + i) | 0;
  parentPort.postMessage([performance.now() - started, x]);
`;

function spin(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SPIN, { eval: true });
    worker.once('message', ([ms]: [number]) => resolve(ms));
    worker.once('error', reject);
  });
}

/**
 * How many cores two busy threads really get right now (2.0 on an idle two-core machine). The
 * importer keeps two threads busy (the parser and the database), so on a shared host this
 * number explains most of the difference between two runs of the benchmark.
 */
export async function parallelCores(): Promise<number> {
  const alone = await spin();
  const together = await Promise.all([spin(), spin()]);
  return (2 * alone) / Math.max(...together);
}
