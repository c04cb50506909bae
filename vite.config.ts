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

// The embeddable clocks are their own page (ui/embed.html), without the application's React:
// the server sends it for /embed/<clock> (api/src/ui-hosting/static-ui.ts), and so does `npm run dev`.
function embedPages(): Plugin {
  return {
    name: 'crime-clock-embed-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/embed\/[^/?.]+\/?(\?|$)/.test(request.url)) request.url = '/embed.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: fromRepoRoot('./ui'),
  envDir: fromRepoRoot('./'),
  plugins: [react(), embedPages(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    rollupOptions: {
      input: { main: fromRepoRoot('./ui/index.html'), embed: fromRepoRoot('./ui/embed.html') },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: REALTIME_TARGET, ws: true },
    },
  },
});
