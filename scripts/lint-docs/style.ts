import {lint, type Configuration} from 'markdownlint-cli2/markdownlint/promise';
import type {Finding} from './finding';

/**
 * The guide's prose and layout rules, by markdownlint (through markdownlint-cli2's export). Only rules that read
 * MDX as it is: the JSX lines of a page look like HTML to markdownlint, so the HTML and line-length rules stay off.
 */
export const STYLE_RULES: Configuration = {
  default: false,
  'heading-style': {style: 'atx'},
  'no-missing-space-atx': true,
  'no-multiple-space-atx': true,
  'heading-start-left': true,
  'no-trailing-punctuation': {punctuation: '.,;:'},
  'ul-style': {style: 'dash'},
  'no-trailing-spaces': true,
  'no-hard-tabs': true,
  'no-multiple-blanks': true,
  'no-reversed-links': true,
  'no-space-in-emphasis': true,
  'no-space-in-links': true,
  'no-empty-links': true,
  'single-trailing-newline': true,
};

/** Each page's style findings; `files` maps a reported name to the page's text. */
export async function styleFindings(files: Record<string, string>): Promise<Finding[]> {
  const results = await lint({strings: files, config: STYLE_RULES});
  return Object.entries(results).flatMap(([file, errors]) =>
    errors.map((e) => ({
      file,
      line: e.lineNumber,
      rule: e.ruleNames.slice(0, 2).join('/'),
      message: `${e.ruleDescription}${e.errorDetail ? ` (${e.errorDetail})` : ''}.`,
    })),
  );
}
