import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRepoRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Where `npm run dev` forwards calls the UI makes to its own origin: the API server and the
// realtime (Socket.IO) server, both at their local defaults.
const API_TARGET = 'http://localhost:3000';
const REALTIME_TARGET = 'http://localhost:3001';

export default defineConfig({
  root: fromRepoRoot('./ui'),
  envDir: fromRepoRoot('./'),
  plugins: [react()],
  build: {
    outDir: fromRepoRoot('./dist/ui'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: REALTIME_TARGET, ws: true },
    },
  },
});
