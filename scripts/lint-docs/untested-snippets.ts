/**
 * The guide's snippets with a placeholder that no test runs yet (`<page> <title>`), found when lint:docs began
 * (2026-11-27). The list only shrinks: lint:docs refuses a new untested snippet, and an entry once a test runs its
 * block or the block is gone. Each is a test still to write (CONTRIBUTING.md, "Writing the guide").
 */
export const UNTESTED_SNIPPETS: readonly string[] = [
  'configuration.mdx custom-questions.js',
  'configuration.mdx events.js',
  'configuration.mdx intake.js',
  'content-security-policy.mdx Directives to add',
  'content-security-policy.mdx index.html',
  'content-security-policy.mdx intake-setup.js',
  'errors.mdx errors.js',
  'events.mdx intake.js',
  'events.mdx intake.ts',
  'frameworks.mdx Terminal',
  'frameworks.mdx intake.html',
  'quick-start.mdx App.tsx',
  'quick-start.mdx App.vue',
  'quick-start.mdx Terminal',
  'quick-start.mdx custom-questions.js',
  'quick-start.mdx index.html',
  'quick-start.mdx phone-mockup.html',
  'theming.mdx intake.js',
];
