import {dirname, relative} from 'node:path';
import {readFileSync} from 'node:fs';
import ts from 'typescript';

/**
 * `local/no-import-cycle`: a module never imports itself back, through any chain of static imports, re-exports or
 * `import()` (as import-x/no-cycle, without its plugin and resolver to install). Type-only imports and exports do not
 * count: they vanish from the build. Each file's own imports come from the text being linted; the rest of the graph
 * is read from disk once per process and resolved by the TypeScript compiler with the nearest tsconfig.json, so
 * `@site/...`, `@intakekit/...` and the server's `.js` specifiers resolve as tsc and the bundler resolve them.
 * Only files of this repository are followed (not node_modules, not declaration files).
 */

const configs = new Map();
function compilerOptions(file) {
  const configFile = ts.findConfigFile(dirname(file), ts.sys.fileExists);
  if (!configFile) return {};
  if (!configs.has(configFile)) {
    const {config} = ts.readConfigFile(configFile, ts.sys.readFile);
    configs.set(configFile, ts.parseJsonConfigFileContent(config, ts.sys, dirname(configFile)).options);
  }
  return configs.get(configFile);
}

/** The module specifiers a file loads at run time. */
export function runtimeSpecifiers(sourceFile) {
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && !node.isTypeOnly) found.push(node.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.filter((literal) => ts.isStringLiteralLike(literal));
}

export function resolve(specifier, fromFile) {
  const {resolvedModule} = ts.resolveModuleName(specifier, fromFile, compilerOptions(fromFile), ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
  const file = resolvedModule.resolvedFileName;
  if (file.includes('/node_modules/') || /\.d\.[cm]?ts$/.test(file)) return null;
  return file;
}

const edges = new Map();
function importsOnDisk(file) {
  if (!edges.has(file)) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A file that resolves but cannot be read imports nothing.
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    edges.set(
      file,
      [...new Set(runtimeSpecifiers(source).map((literal) => resolve(literal.text, file)))].filter(Boolean),
    );
  }
  return edges.get(file);
}

/** A chain of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (next === target) {
        const chain = [file];
        for (let at = parent.get(file); at; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: {description: 'A module never imports itself back through a chain of run-time imports.'},
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!/\.[cm]?[jt]sx?$/.test(file)) return {};
    return {
      'Program:exit'() {
        const text = context.sourceCode.text;
        const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
        const reported = new Set();
        for (const literal of runtimeSpecifiers(source)) {
          const target = resolve(literal.text, file);
          if (!target || reported.has(target)) continue;
          const chain = target === file ? [] : pathBack(target, file);
          if (!chain) continue;
          reported.add(target);
          const cycle = [file, ...chain, file].map((f) => relative(context.cwd, f)).join(' -> ');
          const start = source.getLineAndCharacterOfPosition(literal.getStart(source));
          const end = source.getLineAndCharacterOfPosition(literal.getEnd());
          context.report({
            loc: {
              start: {line: start.line + 1, column: start.character},
              end: {line: end.line + 1, column: end.character},
            },
            message: `Import cycle: ${cycle}. Move what both sides need into a third module that neither imports.`,
          });
        }
      },
    };
  },
};
