// `npm run dev`: API and realtime server from source with reload on change, and Vite's dev server
// (which proxies /api and /socket.io to them) for hot module reload of the UI.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => join(root, 'node_modules', '.bin', name);

supervise(
  [
    { name: 'api', command: bin('tsx'), args: ['watch', '--clear-screen=false', 'api/src/server.ts'] },
    {
      name: 'realtime',
      command: bin('tsx'),
      args: ['watch', '--clear-screen=false', 'realtime/src/server.ts'],
    },
    { name: 'ui', command: bin('vite'), args: ['--port', process.env.UI_DEV_PORT || '5173'] },
  ],
  { onAllExited: (code) => process.exit(code) },
);
