import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
          {patterns: [SERVER_KYSELY_IMPORT, SERVER_SERVICE_IMPORTS]},
        ],
      },
    },
  ];
}
