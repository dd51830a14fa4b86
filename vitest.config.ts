import {defineConfig} from 'vitest/config';

// The contract's sources, as tsconfig.json's `paths` give them to tsc and tsx: no build step before a test run.
const contract = {
  find: /^@intakekit\/contract\/(.+)$/,
  replacement: `${new URL('contract/src/', import.meta.url).pathname}$1`,
};

// Pure logic (portal, SDK); the API suite, which needs a database and so runs its files one at a time
// on the 2-core machines this project targets; and the long resilience runs, kept out of `npm test`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'contract/test/**/*.test.ts',
            'plugins/**/*.test.ts',
            'sdk/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
        resolve: {alias: [{find: '@site', replacement: new URL('.', import.meta.url).pathname}, contract]},
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
        resolve: {alias: [contract]},
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
        resolve: {alias: [contract]},
      },
    ],
  },
});
