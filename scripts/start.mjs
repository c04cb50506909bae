// `npm start`: build what is stale, then run the API (which migrates and serves the built UI) and
// the realtime server together. Ctrl-C stops both cleanly.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, markBuilt } from './lib/build-freshness.mjs';
import { rerunOn, runsOn, productNodeRange, TESTED_NODE_MAJOR } from './lib/node-line.mjs';
import { run, supervise, waitForHttp } from './lib/processes.mjs';

// On a Node line the product does not run on, npm start runs itself on the tested one (fetched
// once into ~/.cache/crime-clock) rather than failing.
if (!runsOn(process.versions.node)) {
  process.exit(
    await rerunOn(
      TESTED_NODE_MAJOR,
      import.meta.url,
      `Crime Clock runs on Node ${productNodeRange()}, and this is ${process.version}`,
    ),
  );
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');
// npm start runs the built product, as production does (`npm run dev` is the development mode).
process.env.NODE_ENV ??= 'production';

if (buildIsStale(root)) {
  console.log('Building Crime Clock (API, realtime server and UI)...');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) {
    console.error('Build failed; not starting.');
    process.exit(code);
  }
  markBuilt(root);
}

// A fresh machine gets a small synthetic sample so search and the police clock have data
// (the script does nothing when the store has data or AUTO_SAMPLE is off).
if ((await run(process.execPath, ['dist/scripts/data-sample/sample-if-empty.js'])) !== 0) {
  console.error('Importing the sample failed; starting without police data.');
}

const apiPort = process.env.PORT || '3000';
const realtimePort = process.env.REALTIME_PORT || '3001';
supervise(
  [
    { name: 'api', command: process.execPath, args: ['dist/api/src/server.js'] },
    { name: 'realtime', command: process.execPath, args: ['dist/realtime/src/server.js'] },
  ],
  { onAllExited: (code) => process.exit(code) },
);

try {
  await Promise.all([
    waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, 120_000),
    waitForHttp(`http://127.0.0.1:${realtimePort}/health`, 120_000),
  ]);
  console.log(
    `\nCrime Clock is running at http://localhost:${apiPort}  (realtime on :${realtimePort}; Ctrl-C to stop)\n`,
  );
} catch (error) {
  console.error(String(error));
}
