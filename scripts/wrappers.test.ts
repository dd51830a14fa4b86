/**
 * The Quick Start's React and Vue wrappers (docs/quick-start.mdx), exactly as a user copies them, type-check
 * against the SDK's published types (sdk/dist/index.d.ts, the ESM build; built here when missing).
 * - React: the TSX snippet with @types/react, `@intakekit/sdk` resolved to sdk/dist.
 * - Vue: the SFC compiles with @vue/compiler-sfc (script and template) and its compiled TypeScript type-checks;
 *   its `<script setup>` also type-checks on its own, with Vue's typed macros, so the props' types (the env values)
 *   reach `init` (the compiled component types its props as `any`).
 * Each check is also run on a broken copy (a wrong option name, a wrong env value) to prove it can fail.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {compileScript, parse} from '@vue/compiler-sfc';
import {beforeAll, describe, expect, it} from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SDK_TYPES = path.join(ROOT, 'sdk', 'dist', 'index.d.ts');
const QUICK_START = path.join(ROOT, 'docs', 'quick-start.mdx');
/** Where the snippets pretend to live: inside the repository, so `react` and `vue` resolve from node_modules. */
const VIRTUAL_DIR = path.join(ROOT, 'scripts', '.wrapper-check');

/** The body of the fenced code block whose title is `title` (```lang title="..."). */
export function snippet(source: string, title: string): string {
  const fence = new RegExp(
    '^```\\w*\\s+title="' + title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '"[^\\n]*\\n([\\s\\S]*?)^```',
    'm',
  );
  const match = fence.exec(source);
  if (!match) throw new Error(`no code block titled ${title} in docs/quick-start.mdx`);
  return match[1]!;
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  types: [],
  // The published package, resolved to the ESM build's declarations.
  paths: {'@intakekit/sdk': [SDK_TYPES]},
};

/** What a bundler project declares for stylesheet imports (e.g. vite/client). */
const CSS_MODULES = "declare module '*.css';\n";

let previous: ts.Program | undefined;

/** Type-checks in-memory files (name -> text) and returns the diagnostics as readable lines. */
function typeCheck(files: Record<string, string>): string[] {
  const virtual = new Map(
    Object.entries({...files, 'css.d.ts': CSS_MODULES}).map(([name, text]) => [path.join(VIRTUAL_DIR, name), text]),
  );
  const host = ts.createCompilerHost(OPTIONS, true);
  const {getSourceFile, fileExists, readFile} = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(file);
    return text !== undefined
      ? ts.createSourceFile(file, text, language, true)
      : getSourceFile.call(host, file, language, onError, create);
  };
  const program = ts.createProgram({rootNames: [...virtual.keys()], options: OPTIONS, host, oldProgram: previous});
  previous = program;
  // The snippets must resolve the SDK to sdk/dist, not to its sources.
  const sdk = program.getSourceFile(SDK_TYPES);
  if (!sdk) throw new Error('@intakekit/sdk did not resolve to sdk/dist/index.d.ts');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

/** The Vue SFC, compiled as the Vue toolchain does; the compiled TypeScript and the `<script setup>` alone. */
function vueSources(sfc: string): {compiled: string; setup: string} {
  const {descriptor, errors} = parse(sfc, {filename: 'IntakeForm.vue'});
  if (errors.length > 0) throw new Error(`IntakeForm.vue does not parse: ${errors.map(String).join('; ')}`);
  if (!descriptor.scriptSetup || descriptor.scriptSetup.lang !== 'ts')
    throw new Error('IntakeForm.vue has no <script setup lang="ts">');
  const compiled = compileScript(descriptor, {id: 'intake-form', inlineTemplate: true});
  return {compiled: compiled.content, setup: descriptor.scriptSetup.content};
}

function checkVue(sfc: string): string[] {
  const {compiled, setup} = vueSources(sfc);
  return [...typeCheck({'IntakeForm.vue.ts': compiled}), ...typeCheck({'IntakeForm.setup.ts': setup})];
}

const mdx = readFileSync(QUICK_START, 'utf8');
const react = snippet(mdx, 'IntakeForm.tsx');
const vue = snippet(mdx, 'IntakeForm.vue');

beforeAll(() => {
  if (existsSync(SDK_TYPES)) return;
  const build = spawnSync(process.execPath, [path.join(ROOT, 'sdk', 'build.mjs')], {cwd: ROOT, encoding: 'utf8'});
  if (build.status !== 0) throw new Error(`the SDK build failed:\n${build.stdout}\n${build.stderr}`);
}, 120_000);

describe('the Quick Start wrappers type-check against the SDK build', () => {
  it('finds both snippets as the page shows them', () => {
    expect(react).toContain("from '@intakekit/sdk'");
    expect(react).toContain('init(');
    expect(vue).toContain('<script setup lang="ts">');
    expect(vue).toContain('<template>');
  });

  it('React: IntakeForm.tsx compiles with @types/react', {timeout: 60_000}, () => {
    expect(typeCheck({'IntakeForm.tsx': react})).toEqual([]);
  });

  it('Vue: IntakeForm.vue compiles (script and template) and type-checks', {timeout: 60_000}, () => {
    expect(checkVue(vue)).toEqual([]);
  });

  it('fails on a wrong option name or a wrong env value', {timeout: 90_000}, () => {
    const brokenReact = {
      option: react.replace(
        'init({container: container.current, apiKey,',
        'init({container: container.current, key_: apiKey,',
      ),
      env: react.replace("type Env = 'dev' | 'test' | 'pro';", "type Env = 'dev' | 'test' | 'production';"),
    };
    const brokenVue = {
      option: vue.replace('flowId: props.flowId,', 'flow: props.flowId,'),
      env: vue.replace("{env: 'pro'}", "{env: 'prod'}"),
      envType: vue.replace("env?: 'dev' | 'test' | 'pro'", "env?: 'dev' | 'test' | 'production'"),
    };
    for (const [what, text] of Object.entries(brokenReact)) {
      expect(text, `React broken copy (${what}) differs`).not.toBe(react);
      expect(typeCheck({'IntakeForm.tsx': text}), `React with a wrong ${what}`).not.toEqual([]);
    }
    for (const [what, text] of Object.entries(brokenVue)) {
      expect(text, `Vue broken copy (${what}) differs`).not.toBe(vue);
      expect(checkVue(text), `Vue with a wrong ${what}`).not.toEqual([]);
    }
  });
});
