import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {PLACEHOLDERS} from '../../src/components/guide/placeholders';
import {SANDBOX_KEY_PLACEHOLDER} from '../../src/components/guide/sandbox-key-placeholder';
import type {Finding} from './finding';
import type {Page} from './page';
import {lineOf, nodesOf} from './tree';
import {UNTESTED_SNIPPETS} from './untested-snippets';

const TOKENS = [SANDBOX_KEY_PLACEHOLDER, ...Object.keys(PLACEHOLDERS)];

/** Where the tests that run the guide's snippets live. */
export const SNIPPET_TEST_DIRS = ['server/test', 'scripts', 'sdk/test'];

/**
 * What the tests run: a test file that takes a snippet with `snippet(page, title)` (scripts/lib/code-blocks.mjs)
 * runs, of each page it names (`receive-submissions.mdx`), the blocks whose titles it writes as string literals.
 */
export function testedSnippets(root: string, dirs = SNIPPET_TEST_DIRS): Set<string> {
  const tested = new Set<string>();
  for (const dir of dirs) {
    const files = readdirSync(path.join(root, dir), {recursive: true}).map(String);
    for (const file of files.filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))) {
      const text = readFileSync(path.join(root, dir, file), 'utf8');
      if (!text.includes('snippet(')) continue;
      const pages = [...text.matchAll(/([\w-]+\.mdx)\b/g)].map((m) => m[1]!);
      const literals = [...text.matchAll(/(['"`])([^'"`\n]+)\1/g)].map((m) => m[2]!);
      for (const page of pages) for (const title of literals) tested.add(`${page} ${title}`);
    }
  }
  return tested;
}

const titleOf = (code: Code) => /\btitle="([^"]+)"/.exec(code.meta ?? '')?.[1];

/**
 * A snippet that carries a placeholder is filled in for the reader and copied as it is: a test runs it, so a
 * renamed option or a changed address cannot leave the guide with code that no longer works.
 */
export function untestedSnippets(pages: Page[], tested: Set<string>): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const node of nodesOf(page.tree)) {
      if (node.type !== 'code') continue;
      const token = TOKENS.find((t) => (node as Code).value.includes(t));
      if (!token) continue;
      const title = titleOf(node as Code);
      const at = {file: page.file, line: lineOf(node), rule: 'snippet-tested'};
      if (!title) {
        findings.push({
          ...at,
          message: `this block carries ${token} but has no title="…", so no test can take it with snippet(page, title).`,
        });
        continue;
      }
      const key = `${page.name} ${title}`;
      seen.add(key);
      if (!tested.has(key) && !UNTESTED_SNIPPETS.includes(key)) {
        findings.push({
          ...at,
          message: `"${title}" carries ${token} but no test runs it: take it with snippet(page, '${title}') in a test that reads ${page.name} (CONTRIBUTING.md, "Writing the guide").`,
        });
      } else if (tested.has(key) && UNTESTED_SNIPPETS.includes(key)) {
        findings.push({
          ...at,
          message: `"${title}" is run by a test now: remove '${key}' from scripts/lint-docs/untested-snippets.ts.`,
        });
      }
    }
  }
  const gone = UNTESTED_SNIPPETS.filter((key) => pages.some((p) => key.startsWith(`${p.name} `)) && !seen.has(key));
  for (const key of gone) {
    findings.push({
      file: 'scripts/lint-docs/untested-snippets.ts',
      line: 1,
      rule: 'snippet-tested',
      message: `no block '${key}' carries a placeholder any more: remove it from the list.`,
    });
  }
  return findings;
}
