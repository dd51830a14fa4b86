// Portal-side tests that build, compile or start processes (the SDK build and the framework snippets, the bench
// seeding through tsx, real child processes, the server loaded for its OpenAPI document): seconds each, so they
// form the `integration` tier and `unit` stays under a minute. scripts/test-tiers.test.ts keeps new ones out
// of `unit`.
export const integrationTests = [
  'scripts/frameworks.test.ts',
  'scripts/wrappers.test.ts',
  'scripts/bench-seed.test.ts',
  'scripts/processes.test.ts',
  'src/components/api-reference/openapi.test.ts',
];
