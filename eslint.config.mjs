import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import {readdirSync} from 'node:fs';
import {noImportCycle} from './scripts/lint/import-cycles.mjs';
import {mdxImportsProcessor} from './scripts/lint/mdx-imports.mjs';

// This repository's own rules (scripts/lint/): no package to install or keep in step with TypeScript.
const local = {rules: {'no-import-cycle': noImportCycle}, processors: {'mdx-imports': mdxImportsProcessor}};

/*
 * Portal boundaries (design: shared -> features -> pages, one way). Plain `no-restricted-imports` regexps rather
 * than eslint-plugin-boundaries: no plugin and no import resolver to keep in step with Docusaurus' `@site` alias,
 * and each rule reads as the sentence it enforces. The price of matching import strings instead of resolved files
 * is paid by one extra rule: a relative import never climbs out of its own component, feature or folder, so
 * anything outside it is named `@site/src/...` and the regexps see it.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_DEPTH = 6;

const NO_REACT_IN_LIB = [
  {
    regex:
      '^(react|react-dom|swr|zustand)(/|$)|^@theme/|^@docusaurus/(use|BrowserOnly|Link|Head|router|Translate|Interpolate|theme-common)',
    message: 'src/lib holds no React: put hooks in src/hooks and components in src/components or a feature.',
  },
];
const lowerLayers = (...folders) => ({
  regex: `^@site/src/(${folders.join('|')})(/|$)`,
  message: `This layer never imports src/{${folders.join(',')}}: shared code lives below features, features below pages.`,
});

/** The same rule for `import('...')`, which `no-restricted-imports` does not see (esquery regexps cannot hold `/`). */
const dynamicImports = (patterns) =>
  patterns.map(({regex, message}) => ({
    selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
    message,
  }));

/**
 * A folder without React refuses any .tsx file in it; the rule replaces the folder's own no-restricted-syntax for
 * those files, so its dynamic-import bounds are repeated.
 */
const noReactFiles = (folder, patterns, message) => ({
  files: [`${folder}/**/*.tsx`],
  rules: {'no-restricted-syntax': ['error', {selector: 'Program', message}, ...dynamicImports(patterns)]},
});

/**
 * One `no-restricted-imports` and one `no-restricted-syntax` per file (a later config object replaces an earlier
 * one's options instead of adding to them): `root` is a folder that relative imports may not leave for another part of src/, checked at each
 * depth below it. `extraSyntax` adds other syntax bans to the same files.
 */
function boundary(root, patterns, extraSyntax = []) {
  return Array.from({length: MAX_DEPTH}, (_, depth) => {
    const all = [
      ...patterns,
      {
        // Climbing out of `root` but not out of src/ (the scripts and the server are outside the layers).
        regex: `^(\\.\\./){${depth + 1},${depth + root.split('/').length - 1}}(?!\\.\\.)`,
        message: `A relative import stays inside ${root}; import anything else in src/ as @site/src/...`,
      },
    ];
    return {
      files: [`${root}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', {patterns: all}],
        'no-restricted-syntax': ['error', ...dynamicImports(all), ...extraSyntax],
      },
    };
  });
}

const LIB_PATTERNS = [...NO_REACT_IN_LIB, lowerLayers('features', 'stores', 'components', 'hooks', 'pages', 'theme')];

/**
 * src/theme fills the framework's slots with the portal's parts, as pages do: shared components, hooks, lib and
 * stores, and a feature only where pages take it (its entry point, or one of its component folders).
 */
const THEME_PATTERNS = [
  lowerLayers('pages'),
  {
    regex: '^@site/src/features/[^/]+/(?!components/[^/]+$)',
    message:
      'src/theme takes a feature only at its entry point (@site/src/features/<name>) or a component folder (.../components/<name>), as pages do.',
  },
  {
    regex: '^@site/plugins(/|$)',
    message: 'src/theme runs in the browser and plugins/ at build time: what both need lives in src/lib.',
  },
];

/**
 * The guide's pages (MDX, read through scripts/lint/mdx-imports.mjs) take shared components, a feature's entry point
 * (its index, written for the guide), the generated OpenAPI document and the theme; never the portal's internals.
 */
const DOCS_PATTERNS = [
  {
    regex: '^@site/(?!src/components/|src/features/[^/]+$|src/generated/)',
    message:
      'A guide page imports only @site/src/components/..., a feature entry point (@site/src/features/<name>) or @site/src/generated/...',
  },
  {
    regex: '^\\.\\./',
    message: 'A guide page names what it imports from the site as @site/..., not by a relative path.',
  },
];

/**
 * Build plugins run in Node while the site builds: they may read the portal's plain modules (src/lib, a component
 * folder's non-React files such as api-reference/openapi.ts) but no React, and never features, pages, stores, hooks
 * or the theme.
 */
const PLUGIN_PATTERNS = [
  {
    regex: '^(@site/|(\\.\\./)+)src/(features|pages|stores|hooks|theme)(/|$)',
    message:
      "A build plugin never imports the portal's features, pages, stores, hooks or theme: share plain code in src/lib.",
  },
  {
    regex: '^(@site/|(\\.\\./)+)src/components/[^/]+/?$',
    message:
      "A component's entry point is React: a build plugin reads only the folder's plain modules (.../<name>/<module>).",
  },
  {
    regex:
      '^(react|react-dom)(/|$)|^@theme(-original)?/|^@docusaurus/(Link|Head|BrowserOnly|router|useDocusaurusContext|useBaseUrl|ErrorBoundary|Translate|Interpolate|theme-common)',
    message: 'A build plugin holds no React or client code: it runs in Node while the site builds.',
  },
];

const portalBoundaries = [
  ...boundary('src/components/*', [lowerLayers('features', 'stores', 'pages')]),
  ...boundary('src/hooks', [lowerLayers('features', 'stores', 'components', 'pages')]),
  ...FEATURES.flatMap((feature) =>
    boundary(`src/features/${feature}`, [
      {
        regex: `^@site/src/features/(?!${feature}(/|$))`,
        message:
          'A feature never imports another feature: move what both need to src/components, src/hooks or src/lib.',
      },
      lowerLayers('pages'),
    ]),
  ),
  ...boundary('src/stores', [lowerLayers('features', 'components', 'hooks', 'pages')]),
  ...boundary('src/lib', LIB_PATTERNS, [
    {
      selector: 'JSXElement, JSXFragment',
      message: 'src/lib holds no React: JSX belongs in src/components or a feature.',
    },
  ]),
  noReactFiles('src/lib', LIB_PATTERNS, 'src/lib holds no React: a .tsx file belongs in src/components or a feature.'),
];

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.docusaurus/**',
      'node_modules/**',
      '**/node_modules/**',
      '.data/**',
      'static/sdk/**',
      'sdk/dist/**',
      'sdk/.pack/**',
      'contract/dist/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.work/**',
      '.e2e/**',
      '.test-results/**',
      'src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'docs/**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...portalBoundaries,
  ...boundary('src/theme', THEME_PATTERNS),
  {
    files: ['plugins/**/*.{ts,tsx,mts,mjs}'],
    rules: {
      'no-restricted-imports': ['error', {patterns: PLUGIN_PATTERNS}],
      'no-restricted-syntax': ['error', ...dynamicImports(PLUGIN_PATTERNS)],
    },
  },
  noReactFiles('plugins', PLUGIN_PATTERNS, 'A build plugin holds no React: a .tsx file belongs in src/.'),
  {files: ['docs/**/*.mdx'], plugins: {local}, processor: 'local/mdx-imports'},
  {
    files: ['docs/**/*.mdx/*.mjs', 'docs/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {patterns: DOCS_PATTERNS}],
      'no-restricted-syntax': ['error', ...dynamicImports(DOCS_PATTERNS)],
    },
  },
  // The page's imports alone, without the JSX that uses them.
  {files: ['docs/**/*.mdx/*.mjs'], rules: {'no-unused-vars': 'off', '@typescript-eslint/no-unused-vars': 'off'}},
  {
    files: ['**/*.{ts,tsx,mts,cts,mjs,js}'],
    plugins: {local},
    rules: {'local/no-import-cycle': 'error'},
  },
  // No product file over 250 lines: a longer one holds more than one responsibility. Tests may be longer (a table of
  // cases is long by nature).
  {
    files: [
      'src/**/*.{ts,tsx}',
      'server/src/**/*.ts',
      'contract/src/**/*.ts',
      'sdk/src/**/*.ts',
      'plugins/**/*.{ts,tsx,mts,mjs}',
      'docusaurus.config.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {'max-lines': ['error', {max: 250}]},
  },
  // Server layer boundaries: kept last (owned by the server side; portal rules go above).
  ...serverLayerBoundaries(),
);

/**
 * Server layers: routes speak HTTP and call services; services own transactions; repositories own SQL.
 * Type-only imports cross the layers freely (a type runs no query). Flat config replaces a rule's
 * options per file, so a later block repeats what it inherits from an earlier one.
 */
function serverLayerBoundaries() {
  const SERVER_KYSELY_IMPORT = {
    group: ['kysely', 'kysely/*'],
    allowTypeImports: true,
    message: 'Only repositories/** and db/** use Kysely at run time (sql, queries): call a repository.',
  };
  const SERVER_QUERY_CALLS = {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]",
    message: 'Only repositories/** and db/** run queries: call a repository.',
  };
  const SERVER_TRANSACTION_CALLS = {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
    message: 'Services own transactions: call a service.',
  };
  const SERVER_ROUTE_IMPORTS = {
    group: ['**/repositories/**', '**/db/**'],
    allowTypeImports: true,
    message: 'Routes speak HTTP and call services (services/**), never repositories or the database.',
  };
  const SERVER_SERVICE_IMPORTS = {
    group: ['fastify', 'fastify-plugin', '@fastify/*'],
    allowTypeImports: true,
    message: 'Services know nothing of HTTP: take plain values, throw ApiError; routes and plugins speak Fastify.',
  };
  const SERVER_SERVICE_PORTS = {
    group: ['**/plugins/**'],
    message:
      'Services take ports (services/ports/**), not plugins: a plugin implements the port and is handed to the service.',
  };

  return [
    {
      files: ['server/src/**/*.ts'],
      ignores: ['server/src/repositories/**', 'server/src/db/**', 'server/src/plugins/db.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', {patterns: [SERVER_KYSELY_IMPORT]}],
        'no-restricted-syntax': ['error', SERVER_QUERY_CALLS],
      },
    },
    {
      files: ['server/src/routes/**/*.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', {patterns: [SERVER_KYSELY_IMPORT, SERVER_ROUTE_IMPORTS]}],
        'no-restricted-syntax': ['error', SERVER_QUERY_CALLS, SERVER_TRANSACTION_CALLS],
      },
    },
    {
      files: ['server/src/services/**/*.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {patterns: [SERVER_KYSELY_IMPORT, SERVER_SERVICE_IMPORTS, SERVER_SERVICE_PORTS]},
        ],
      },
    },
  ];
}
