import {defineConfig} from 'vitest/config';

// Pure logic (portal, SDK); the API suite, which needs a database and so runs its files one at a time
// on the 2-core machines this project targets; and the long resilience runs, kept out of `npm test`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.ts', 'sdk/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
        resolve: {alias: {'@site': new URL('.', import.meta.url).pathname}},
      },
      {
        test: {
          name: 'api',
          root: './server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Long properties (load, crash recovery): `npm run test:resilience`, run by CI after `npm test`.
        test: {
          name: 'resilience',
          root: './server',
          include: ['resilience/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
