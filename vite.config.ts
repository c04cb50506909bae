import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompressFolder } from './scripts/build/precompress.ts';

const fromRepoRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Where `npm run dev` forwards calls the UI makes to its own origin: the API server and the
// realtime (Socket.IO) server, both at their local defaults.
const API_TARGET = 'http://localhost:3000';
const REALTIME_TARGET = 'http://localhost:3001';

const OUT_DIR = fromRepoRoot('./dist/ui');

// Brotli and gzip copies of the built files, written once at build; the API serves the one the
// browser accepts (api/src/ui-hosting/static-ui.ts).
function precompress(): Plugin {
  return {
    name: 'crime-clock-precompress',
    apply: 'build',
    async closeBundle() {
      const result = await precompressFolder(OUT_DIR);
      this.info(
        `precompressed ${result.files} files: ${result.bytesBefore} B -> brotli ${result.brotliBytes} B, gzip ${result.gzipBytes} B`,
      );
    },
  };
}

export default defineConfig({
  root: fromRepoRoot('./ui'),
  envDir: fromRepoRoot('./'),
  plugins: [react(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: REALTIME_TARGET, ws: true },
    },
  },
});
