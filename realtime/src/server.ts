// The realtime server's entry. Before any of its modules load (they come in by the import below,
// not at the top), it proves this Node can run it, uWebSockets.js in a child process, so a Node that
// cannot stops here with one message and one without a uWebSockets.js build runs on node:http.
// REALTIME_ENGINE=node never loads uWebSockets.js, so it is not probed then.
import { UWEBSOCKETS } from '../../server-common/runtime/native-modules.ts';
import { checkRuntimeOrExit } from '../../server-common/runtime/preflight.ts';

const runtime = checkRuntimeOrExit(
  'Crime Clock realtime server',
  process.env.REALTIME_ENGINE === 'node' ? [] : [UWEBSOCKETS],
);
const { runRealtime } = await import('./run-realtime.ts');
runRealtime(runtime).catch((error: unknown) => {
  console.error(
    'Crime Clock realtime server failed to start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
