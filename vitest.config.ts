import {defineConfig} from 'vitest/config';

// Two projects: pure logic (portal, SDK) and the API suite, which needs a database
// and so runs its files one at a time on the 2-core machines this project targets.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sdk/test/**/*.test.ts', 'scripts/**/*.test.ts'],
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
    ],
  },
});
