import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {formatFinding} from './finding';
import {lintDocs} from './lint-docs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const fixtures = mkdtempSync(path.join(os.tmpdir(), 'lint-docs-'));
afterAll(() => rmSync(fixtures, {recursive: true, force: true}));

const FRONT = '---\ntitle: EHR\ndescription: Send results to an EHR.\n---\n\n';
/** A correct page beside the one under test, for links to point at. */
const OTHER = `${FRONT}## Allowed origins\n\nText.\n`;

let count = 0;
/** `npm run lint:docs` over a copy of the guide holding `page` (docs/ehr.mdx) and `tests` (test/<name>). */
async function lint(page: string, tests: Record<string, string> = {}): Promise<string[]> {
  const root = path.join(fixtures, String(count++));
  mkdirSync(path.join(root, 'docs'), {recursive: true});
  mkdirSync(path.join(root, 'test'));
  writeFileSync(path.join(root, 'docs', 'ehr.mdx'), `${FRONT}${page}`);
  writeFileSync(path.join(root, 'docs', 'other.mdx'), OTHER);
  for (const [name, text] of Object.entries(tests)) writeFileSync(path.join(root, 'test', name), text);
  return (await lintDocs({root, testDirs: ['test']})).map(formatFinding);
}

const KEYED = '```js title="ehr.js"\ninit({apiKey: \'YOUR_SANDBOX_KEY\'});\n```\n';

describe('npm run lint:docs', () => {
  it("passes on the guide's own pages", async () => {
    expect(await lintDocs({root: ROOT})).toEqual([]);
  });

  it('passes a correct page: a tested snippet, links to a page and its anchor, an image with its text', async () => {
    const page = `## Send\n\n${KEYED}\nSee [origins](./other.mdx#allowed-origins), [the demo](/dashboard/other) and [Send](#send).\n\n![The EHR's inbox](/img/inbox.png)\n`;
    const test = "const PAGE = read('docs/ehr.mdx');\nrun(snippet(PAGE, 'ehr.js'));\n";
    expect(await lint(page, {'ehr.test.ts': test})).toEqual([]);
  });

  it('refuses MDX that does not compile', async () => {
    expect(await lint('Text.\n\nA {broken expression\n')).toEqual([
      expect.stringMatching(/^docs\/ehr\.mdx:8 mdx-compile: the page does not compile as MDX: .+\.$/),
    ]);
  });

  it('refuses a code block without a language, or with one the site does not highlight', async () => {
    const found = await lint('```\nplain\n```\n\n```ruby\nputs 1\n```\n');
    expect(found).toEqual([
      expect.stringMatching(
        /^docs\/ehr\.mdx:6 code-language: this code block names no language: write one after the fence \(text, .*js.*\)\.$/,
      ),
      expect.stringMatching(
        /^docs\/ehr\.mdx:10 code-language: "ruby" has no grammar on this site: use one of .*python.*, or import its grammar in src\/theme\/CodeBlock\/highlight\/prism\.ts\.$/,
      ),
    ]);
  });

  it('refuses a link to a page or an anchor that does not exist', async () => {
    const page =
      '[a](./missing.mdx) [b](/dashboard/missing) [c](./other.mdx#nowhere)\n\n<LinkCard to="/dashboard/other#gone" title="d" />\n';
    expect(await lint(page)).toEqual([
      'docs/ehr.mdx:6 link: ./missing.mdx opens no page of the guide: link to a file in docs/ (./flows.mdx) or its address.',
      'docs/ehr.mdx:6 link: /dashboard/missing opens no page of the guide: link to a file in docs/ (./flows.mdx) or its address.',
      'docs/ehr.mdx:6 link: ./other.mdx#nowhere: docs/other.mdx has no heading whose anchor is #nowhere.',
      'docs/ehr.mdx:8 link: /dashboard/other#gone: docs/other.mdx has no heading whose anchor is #gone.',
    ]);
  });

  it('refuses a snippet with a placeholder that no test runs, or that no test could take (no title)', async () => {
    const untitled = '```js\nfetch("%API_URL%/api/health");\n```\n';
    expect(await lint(`${KEYED}\n${untitled}`)).toEqual([
      'docs/ehr.mdx:6 snippet-tested: "ehr.js" carries YOUR_SANDBOX_KEY but no test runs it: take it with snippet(page, \'ehr.js\') in a test that reads ehr.mdx (CONTRIBUTING.md, "Writing the guide").',
      'docs/ehr.mdx:10 snippet-tested: this block carries %API_URL% but has no title="…", so no test can take it with snippet(page, title).',
    ]);
    // A test of another page, or one that does not call snippet(), runs nothing of this page.
    const other = {
      'other.test.ts': "snippet(read('other.mdx'), 'ehr.js');\n",
      'ehr.test.ts': "read('ehr.mdx'); 'ehr.js';\n",
    };
    expect(await lint(KEYED, other)).toHaveLength(1);
  });

  it('refuses an image without alternative text, in Markdown or JSX', async () => {
    const message = 'this image has no alternative text: say what it shows (![What it shows](…) or alt="…").';
    expect(await lint('![](/img/inbox.png)\n\n<img src="/img/inbox.png" />\n')).toEqual([
      `docs/ehr.mdx:6 image-alt: ${message}`,
      `docs/ehr.mdx:8 image-alt: ${message}`,
    ]);
  });

  it('refuses a heading level skipped', async () => {
    expect(await lint('## Setup\n\n#### Keys\n\n### Origins\n')).toEqual([
      'docs/ehr.mdx:8 heading-increment: this h4 follows an h2: use an h3 (###), one level below the heading before it.',
    ]);
  });

  it("applies the guide's style rules (markdownlint)", async () => {
    expect(await lint('* one\n* two\n\n\n## Setup:\n')).toEqual([
      'docs/ehr.mdx:6 MD004/ul-style: Unordered list style (Expected: dash; Actual: asterisk).',
      'docs/ehr.mdx:7 MD004/ul-style: Unordered list style (Expected: dash; Actual: asterisk).',
      'docs/ehr.mdx:9 MD012/no-multiple-blanks: Multiple consecutive blank lines (Expected: 1; Actual: 2).',
      "docs/ehr.mdx:10 MD026/no-trailing-punctuation: Trailing punctuation in heading (Punctuation: ':').",
    ]);
  });
});
