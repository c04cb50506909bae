import { defineConfig } from 'vitest/config';

// Three projects, run separately by scripts/test.mjs:
//   unit        *.test.ts            pure code, no I/O beyond temp files
//   integration *.int.test.ts        real databases, servers, sockets (run on SQLite, then MySQL)
//   browser     *.browser.test.ts    Chromium against the product started as `npm start` starts it
//   security    tests/security/*.security.test.ts  floods against the built API
//   faults      tests/faults/*.fault.test.ts       faults on the built product, its image's commands
//   faults-long tests/faults/long/*.fault.test.ts  the longer fault scenarios (npm run test:faults)
//   newcomer    tests/newcomer/*.newcomer.test.ts  the README's commands in a fresh clone on Node 20 and 24
//
// Tests that run real servers, browsers and timers get one retry: on a loaded machine a timer
// can fire late once. A real fault fails twice; a test that needed its retry is still listed
// by name under "passed only on retry" at the end of `npm test`, so it is seen and mended.
const RETRY_REAL_WORLD = 1;
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{common,server-common,api,realtime,scripts,ui}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          retry: RETRY_REAL_WORLD,
          include: ['{api,realtime,scripts,tests}/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          retry: RETRY_REAL_WORLD,
          include: ['tests/browser/**/*.browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Floods against the built API (after `npm run build`), as an attacker would send them.
          name: 'security',
          retry: RETRY_REAL_WORLD,
          include: ['tests/security/*.security.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'faults',
          retry: RETRY_REAL_WORLD,
          include: ['tests/faults/*.fault.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'faults-long',
          retry: RETRY_REAL_WORLD,
          include: ['tests/faults/long/*.fault.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The README's commands in a fresh clone under Node 20 and 24 (long: installs twice).
          name: 'newcomer',
          include: ['tests/newcomer/*.newcomer.test.ts'],
          testTimeout: 1_200_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
