import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export interface SiteCodeBlock {
  file: string;
  language: string;
  code: string;
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const FENCE = /^( *)```(\w*)[^\n]*\n([\s\S]*?)\n\1```$/gm;

/** Every fenced code block of the guide's pages, as MDX hands them to the theme's CodeBlock (for the tests). */
export function siteCodeBlocks(): SiteCodeBlock[] {
  const dir = path.join(ROOT, 'docs');
  return readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name))
    .flatMap((name) =>
      [...readFileSync(path.join(dir, name), 'utf8').matchAll(FENCE)].map(([, indent, language, code]) => ({
        file: `docs/${name}`,
        language: language || 'text',
        code: code!.replace(new RegExp(`^${indent}`, 'gm'), ''),
      })),
    );
}
