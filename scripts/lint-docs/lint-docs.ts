import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {byPlace, type Finding} from './finding';
import {brokenLinks} from './links';
import {isPage, readPage, type Page} from './page';
import {codeLanguages, headingLevels, imageAlt} from './page-rules';
import {testedSnippets, untestedSnippets, SNIPPET_TEST_DIRS} from './snippets';
import {styleFindings} from './style';

export interface LintOptions {
  /** The repository (or a fixture's copy of it): pages in `docs/`, the snippet tests in `testDirs`. */
  root: string;
  testDirs?: string[];
}

/** Every finding of `npm run lint:docs` over the guide's pages, in file and line order. */
export async function lintDocs({root, testDirs = SNIPPET_TEST_DIRS}: LintOptions): Promise<Finding[]> {
  const names = readdirSync(path.join(root, 'docs')).filter((name) => /\.mdx?$/.test(name));
  const sources = Object.fromEntries(
    names.map((name) => [`docs/${name}`, readFileSync(path.join(root, 'docs', name), 'utf8')]),
  );
  const read = await Promise.all(Object.entries(sources).map(([file, source]) => readPage(file, source)));
  const pages: Page[] = read.filter(isPage);
  const findings: Finding[] = [
    ...read.filter((r): r is Finding => !isPage(r)),
    ...pages.flatMap((page) => [...codeLanguages(page), ...imageAlt(page), ...headingLevels(page)]),
    ...brokenLinks(pages),
    ...untestedSnippets(pages, testedSnippets(root, testDirs)),
    ...(await styleFindings(sources)),
  ];
  return findings.sort(byPlace);
}
