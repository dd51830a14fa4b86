/**
 * Checks the guide's framework files as a customer's project would: a code block taken from a docs page exactly as
 * the page shows it, type-checked in memory against the SDK's published types (sdk/dist/index.d.ts, the ESM build),
 * with `react`, `vue`, `svelte` and `@angular/core` resolved from this repository's node_modules.
 */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {compileScript, parse} from '@vue/compiler-sfc';
import {snippet} from './code-blocks.mjs';

export {snippet};

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SDK_TYPES = path.join(ROOT, 'sdk', 'dist', 'index.d.ts');
/** Where the snippets pretend to live: inside the repository, so the frameworks resolve from node_modules. */
const VIRTUAL_DIR = path.join(ROOT, 'scripts', '.snippet-check');

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

/**
 * Type-checks in-memory files (name -> text) and returns the diagnostics as readable lines. `options` adds what a
 * framework's own project settings add (Svelte's rune declarations, for one).
 */
export function typeCheck(files: Record<string, string>, options: ts.CompilerOptions = {}): string[] {
  const virtual = new Map(
    Object.entries({...files, 'css.d.ts': CSS_MODULES}).map(([name, text]) => [path.join(VIRTUAL_DIR, name), text]),
  );
  const compilerOptions = {...OPTIONS, ...options};
  const host = ts.createCompilerHost(compilerOptions, true);
  const {getSourceFile, fileExists, readFile} = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(file);
    return text !== undefined
      ? ts.createSourceFile(file, text, language, true)
      : getSourceFile.call(host, file, language, onError, create);
  };
  const program = ts.createProgram({
    rootNames: [...virtual.keys()],
    options: compilerOptions,
    host,
    oldProgram: previous,
  });
  previous = program;
  // The snippets must resolve the SDK to sdk/dist, not to its sources.
  if (!program.getSourceFile(SDK_TYPES)) throw new Error('@intakekit/sdk did not resolve to sdk/dist/index.d.ts');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

/**
 * A Vue SFC compiled as the Vue toolchain does (script and template), its compiled TypeScript type-checked, and its
 * `<script setup>` type-checked on its own with Vue's typed macros, so the props' types reach `init` (the compiled
 * component types its props as `any`).
 */
export function checkVue(sfc: string, filename: string): string[] {
  const {descriptor, errors} = parse(sfc, {filename});
  if (errors.length > 0) throw new Error(`${filename} does not parse: ${errors.map(String).join('; ')}`);
  if (!descriptor.scriptSetup || descriptor.scriptSetup.lang !== 'ts')
    throw new Error(`${filename} has no <script setup lang="ts">`);
  const compiled = compileScript(descriptor, {id: 'intake-form', inlineTemplate: true});
  return [
    ...typeCheck({[`${filename}.ts`]: compiled.content}),
    ...typeCheck({[`${filename}.setup.ts`]: descriptor.scriptSetup.content}),
  ];
}

/** Builds the SDK (sdk/dist) when a fresh clone has not yet. */
export function ensureSdkBuild(): void {
  if (existsSync(SDK_TYPES)) return;
  const build = spawnSync(process.execPath, [path.join(ROOT, 'sdk', 'build.mjs')], {cwd: ROOT, encoding: 'utf8'});
  if (build.status !== 0) throw new Error(`the SDK build failed:\n${build.stdout}\n${build.stderr}`);
}
