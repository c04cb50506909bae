// The API's entry. Before any module of the API is loaded (they come in by the import below, not
// at the top), it proves this Node can run the native modules the API uses, so a Node that cannot
// stops here with one message instead of crashing at its first request.
import { ARGON2, BETTER_SQLITE3, SQLITE3 } from '../../server-common/runtime/native-modules.ts';
import { checkRuntimeOrExit } from '../../server-common/runtime/preflight.ts';

const runtime = checkRuntimeOrExit('Crime Clock API', [SQLITE3, BETTER_SQLITE3, ARGON2]);
const { runApi } = await import('./run-api.ts');
runApi(runtime).catch((error: unknown) => {
  console.error('Crime Clock API failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
