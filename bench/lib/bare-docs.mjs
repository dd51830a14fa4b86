// The stock baseline of the guide: the Quick Start, the Configuration reference and Frameworks, read from the
// working tree at build time (no copy is committed, so the baseline follows the guide's content), rendered by a stock
// Docusaurus docs page of the bare site. What the signed-in guide page costs over it is what the portal adds.
//
// It is built from a copy of the bare site (bench/.work/bare-stock, sharing bare's node_modules) into
// bench/.work/bare/build/stock (baseUrl /stock/), so the bare server serves it and the bare home, the existing
// baseline, is untouched: the Prism languages and the two pages' routes would otherwise join its main.js.
// The copy differs from the bare site by:
// - docs/: the two pages alone, transformed (`transformGuidePage`): the portal's own imports dropped and its
//   global MDX components replaced with stock stand-ins (STAND_INS, in src/theme/MDXComponents.js);
// - prism: the portal's themes (read from its docusaurus.config.ts) and the languages its highlighter carries
//   that prism-react-renderer lacks, as `additionalLanguages` (a stock site's way to add them);
// - links to the guide's other pages and to portal routes are left as they are (broken there: not checked).
import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ROOT, SITE_API_URL, SITE_URL, WORK, log, runProcess} from './common.mjs';

export const STOCK_SITE = path.join(WORK, 'bare-stock');
/** The two guide pages, and their stock pages' paths on the bare server. */
export const STOCK_PAGES = [
  {file: 'quick-start.mdx', path: '/stock/docs/quick-start'},
  {file: 'configuration.mdx', path: '/stock/docs/configuration'},
  // Stock Tabs and code blocks only: no stand-in needed.
  {file: 'frameworks.mdx', path: '/stock/docs/frameworks'},
];
const BASE_URL = '/stock/';
const STAMP = '.bench-stock-stamp';

/**
 * Stock stand-ins for the portal's global MDX components (src/theme/MDXComponents.tsx) and for what the pages import
 * from @site: what each stands for, and the closest stock rendering. The portal's `table` (a wrapper that stacks rows
 * as cards on phones) and its CodeBlock (loaded on demand, own Prism, the reader's key in the snippets) have none:
 * tables and fences render as stock.
 */
const STAND_INS = {
  Steps: {
    standsFor: 'numbered steps (a counter on each ### heading inside)',
    code: '({children}) => <div>{children}</div>',
  },
  Panel: {
    standsFor: 'the highlighted closing panel with its title',
    code: '({title, children}) => <Admonition type="note" title={title}>{children}</Admonition>',
  },
  LinkCards: {standsFor: 'the list of link cards', code: '({children}) => <ul>{children}</ul>'},
  LinkCard: {
    standsFor: 'a link card (icon, title, description, arrow)',
    code: '({to, title, children}) => (\n    <li>\n      <Link to={to}>{title}</Link>: {children}\n    </li>\n  )',
  },
  SnippetKeyNote: {
    standsFor:
      "the note on whose sandbox key the snippets carry (a reader without one, as the bench's, is told how to get one)",
    code: '() => (\n    <p>\n      The snippets on this page show <code>YOUR_SANDBOX_KEY</code> where your sandbox key goes.\n    </p>\n  )',
  },
};

function mdxComponentsFile() {
  const entries = Object.entries(STAND_INS).map(
    ([name, {standsFor, code}]) => `  // ${standsFor}\n  ${name}: ${code},`,
  );
  return [
    '// Written by bench/lib/bare-docs.mjs: stock stand-ins for the portal guide components the pages use.',
    "import MDXComponents from '@theme-original/MDXComponents';",
    "import Admonition from '@theme/Admonition';",
    "import Link from '@docusaurus/Link';",
    '',
    'export default {',
    '  ...MDXComponents,',
    ...entries,
    '};',
    '',
  ].join('\n');
}

const FENCE = /^( *)(`{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm;

/** Applies `prose` to the text outside fenced code blocks and `fence` to each block. */
function mapFences(text, prose, fence) {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(FENCE)) {
    out += prose(text.slice(last, match.index)) + fence(match[0]);
    last = match.index + match[0].length;
  }
  return out + prose(text.slice(last));
}

/** The local names an import clause binds: `Tabs`, `{A, B as C}`. */
function importedNames(clause) {
  return clause
    .replace(/[{}]/g, ',')
    .split(',')
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    )
    .filter(Boolean);
}

/**
 * One guide page as the stock site renders it: imports from @site/ dropped (their components get stand-ins), stock
 * imports (@theme/, @docusaurus/) kept, the code blocks' address placeholders filled with this build's addresses, as
 * the portal's code blocks fill them when they render. Throws on a component with neither a stock import nor a
 * stand-in, so a new guide component cannot break the baseline's build unnoticed.
 */
export function transformGuidePage(file, source, fillCode) {
  const stock = new Set();
  const dropped = [];
  const tags = new Set();
  const text = mapFences(
    source,
    (prose) => {
      const kept = prose.replace(/^import\s+([\s\S]+?)\s+from\s+'([^']+)';?[ \t]*$/gm, (line, clause, from) => {
        if (from.startsWith('@site/')) {
          dropped.push(...importedNames(clause));
          return '';
        }
        if (!/^@(theme|docusaurus)\//.test(from)) throw new Error(`${file}: import from ${from} is not stock`);
        for (const name of importedNames(clause)) stock.add(name);
        return line;
      });
      for (const [, tag] of kept.replace(/`[^`\n]*`/g, '').matchAll(/<([A-Z]\w*)/g)) tags.add(tag);
      return kept;
    },
    fillCode,
  );
  const missing = [...new Set([...dropped, ...tags])].filter((name) => !stock.has(name) && !STAND_INS[name]);
  if (missing.length > 0) {
    throw new Error(`${file} uses ${missing.join(', ')}: give each a stock stand-in in bench/lib/bare-docs.mjs`);
  }
  return text;
}

/**
 * The portal's prism settings and its code blocks' addresses, from its own docusaurus.config.ts with the environment
 * the bench's portal build has (builds.mjs `buildPortal`), and the portal's own placeholder filling.
 */
function portalSettings() {
  const require = createRequire(import.meta.url);
  const jiti = require('jiti')(import.meta.url, {
    // The contract as the portal's webpack build reads it (its `webpack` export condition: the TypeScript sources),
    // so a fresh clone needs no contract build first.
    alias: {'@site': ROOT, '@intakekit/contract': path.join(ROOT, 'contract', 'src')},
    interopDefault: true,
    requireCache: false,
  });
  const overrides = {API_URL: SITE_API_URL, PORTAL_URL: SITE_URL, MARKETING_URL: undefined, SDK_CDN_URL: undefined};
  const saved = Object.fromEntries(Object.keys(overrides).map((k) => [k, process.env[k]]));
  const setEnv = (values) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  setEnv(overrides);
  try {
    const config = jiti(path.join(ROOT, 'docusaurus.config.ts'));
    const {fillPlaceholders} = jiti(path.join(ROOT, 'src', 'components', 'guide', 'placeholders.ts'));
    return {prism: config.themeConfig.prism, fillCode: (code) => fillPlaceholders(code, config.customFields)};
  } finally {
    setEnv(saved);
  }
}

let languagesFound;

/**
 * The grammars the portal's highlighter carries (src/theme/CodeBlock/highlight/prism.ts) that the Prism of a stock
 * site (prism-react-renderer's) lacks: a language it does not define, or an -extras grammar that still adds tokens
 * to its language. Found once per process (loading an -extras grammar changes that Prism).
 */
function missingLanguages(bare) {
  if (languagesFound) return languagesFound;
  const source = path.join(ROOT, 'src', 'theme', 'CodeBlock', 'highlight', 'prism.ts');
  if (!existsSync(source)) return (languagesFound = []);
  const grammars = [...readFileSync(source, 'utf8').matchAll(/^import 'prismjs\/components\/prism-([\w-]+)';$/gm)].map(
    (m) => m[1],
  );
  const bareRequire = createRequire(path.join(bare, 'package.json'));
  const {Prism} = bareRequire('prism-react-renderer');
  const shape = () =>
    JSON.stringify(
      Object.entries(Prism.languages)
        .filter(([, grammar]) => grammar && typeof grammar === 'object')
        .map(([name, grammar]) => [name, Object.keys(grammar)]),
    );
  const load = (name) =>
    new Function('Prism', readFileSync(bareRequire.resolve(`prismjs/components/prism-${name}.js`), 'utf8'))(Prism);
  languagesFound = grammars.filter((name) => {
    if (!name.endsWith('-extras')) return !(name in Prism.languages);
    const before = shape();
    load(name);
    return shape() !== before;
  });
  return languagesFound;
}

function configFile(prism) {
  return [
    '// Written by bench/lib/bare-docs.mjs: the bare site (bare.config.ts, as create-docusaurus made it) under',
    "// /stock/, with the portal's prism themes and languages. The guide's links to its other pages and to portal",
    '// routes have no target here, so links are not checked.',
    "import bare from './bare.config';",
    '',
    `const prism = ${JSON.stringify(prism)};`,
    '',
    'export default {',
    '  ...bare,',
    `  baseUrl: '${BASE_URL}',`,
    "  onBrokenLinks: 'ignore',",
    "  onBrokenAnchors: 'ignore',",
    "  markdown: {...bare.markdown, hooks: {...bare.markdown?.hooks, onBrokenMarkdownLinks: 'ignore'}},",
    '  themeConfig: {...bare.themeConfig, prism: {...bare.themeConfig.prism, ...prism}},',
    '};',
    '',
  ].join('\n');
}

/** The files the copy of the bare site gets, by path inside it. */
export function stockGuideFiles(bare) {
  const {prism, fillCode} = portalSettings();
  const additionalLanguages = [...new Set([...(prism.additionalLanguages ?? []), ...missingLanguages(bare)])];
  const files = {
    'docusaurus.config.ts': configFile({...prism, additionalLanguages}),
    'src/theme/MDXComponents.js': mdxComponentsFile(),
  };
  for (const {file} of STOCK_PAGES) {
    const source = readFileSync(path.join(ROOT, 'docs', file), 'utf8');
    files[`docs/${file}`] = transformGuidePage(file, source, fillCode);
  }
  return files;
}

/**
 * Builds the stock pages into `<bareBuild>/stock` when they are missing or anything they are made from changed
 * (the two pages, the portal's prism settings, this module, the bare site's config).
 */
export async function ensureStockGuideBuild({bare, bareBuild}) {
  const out = path.join(bareBuild, 'stock');
  const files = stockGuideFiles(bare);
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(path.join(bare, 'docusaurus.config.ts')));
  for (const [name, text] of Object.entries(files)) hash.update(`${name}\n${text}`);
  const stamp = hash.digest('hex');
  const built = STOCK_PAGES.every((p) => existsSync(path.join(bareBuild, p.path, 'index.html')));
  if (built && existsSync(path.join(out, STAMP)) && readFileSync(path.join(out, STAMP), 'utf8') === stamp) return out;

  log(
    'building the stock Quick Start, Configuration and Frameworks pages (bench/.work/bare-stock, served under /stock/)',
  );
  rmSync(STOCK_SITE, {recursive: true, force: true});
  const skip = new Set(['node_modules', 'build', '.docusaurus', 'docs', 'docusaurus.config.ts']);
  cpSync(bare, STOCK_SITE, {recursive: true, filter: (src) => !skip.has(path.relative(bare, src).split(path.sep)[0])});
  cpSync(path.join(bare, 'docusaurus.config.ts'), path.join(STOCK_SITE, 'bare.config.ts'));
  symlinkSync(path.join(bare, 'node_modules'), path.join(STOCK_SITE, 'node_modules'), 'dir');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(STOCK_SITE, name)), {recursive: true});
    writeFileSync(path.join(STOCK_SITE, name), text);
  }
  rmSync(out, {recursive: true, force: true});
  const r = await runProcess(
    'bare-stock-build',
    path.join(bare, 'node_modules', '.bin', 'docusaurus'),
    ['build', '--out-dir', out],
    {
      cwd: STOCK_SITE,
      // No persistent cache: it would live in the shared node_modules, beside the bare site's.
      env: {...process.env, NODE_ENV: 'production', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'},
    },
  );
  if (r.code !== 0) throw new Error(`stock guide pages' build failed; see ${r.logFile}`);
  writeFileSync(path.join(out, STAMP), stamp);
  return out;
}
