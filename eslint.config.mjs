import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import {readdirSync} from 'node:fs';

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
  {
    files: ['src/lib/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {selector: 'Program', message: 'src/lib holds no React: a .tsx file belongs in src/components or a feature.'},
        ...dynamicImports(LIB_PATTERNS),
      ],
    },
  },
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
);
