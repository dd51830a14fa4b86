import {defineConfig} from 'vitest/config';
import {integrationTests} from './scripts/lib/test-tiers';

// The contract's sources, as tsconfig.json's `paths` give them to tsc and tsx: no build step before a test run.
const contract = {
  find: /^@intakekit\/contract\/(.+)$/,
  replacement: `${new URL('contract/src/', import.meta.url).pathname}$1`,
};

const portalTests = [
  'src/**/*.test.{ts,tsx}',
  'contract/test/**/*.test.ts',
  'plugins/**/*.test.ts',
  'sdk/test/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const portalAliases = {alias: [{find: '@site', replacement: new URL('.', import.meta.url).pathname}, contract]};

// Pure logic (portal, SDK); the portal's integration tests; the API suite, its files in parallel (a database per
// file on PGlite, per worker on PostgreSQL); and the long resilience runs, kept out of `npm test`.
export default defineConfig({
  test: {
    projects: [
      {
        // Imported once per worker, not per file (isolate: false): 56 s → 25 s wall on two cores (2026-11-27), green
        // in shuffled orders. A file whose test needs the page without something another file added says so itself
        // (sdk/test/loader.test.ts).
        test: {name: 'unit', include: portalTests, exclude: integrationTests, environment: 'node', isolate: false},
        resolve: portalAliases,
      },
      {
        test: {name: 'integration', include: integrationTests, environment: 'node'},
        resolve: portalAliases,
      },
      {
        test: {
          name: 'api',
          root: './server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL: the worker's own database (test/helpers/worker-database.ts).
          setupFiles: ['test/helpers/worker-database.ts'],
          // The tests wait on argon2, PGlite and timers as much as on the CPU: two files at a time on two cores.
          maxWorkers: 2,
          // The server's modules are imported once per worker, not once per file: isolated, the imports took about
          // 70 of every 165 CPU seconds (auth and keys files, 2026-11-27). Safe because no API test mocks a module or
          // changes a module's state: each builds its own app, config and database (helpers/app.ts, database.ts).
          isolate: false,
          // Two files at a time share the cores: room for a test to take twice its time alone.
          testTimeout: 60_000,
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
