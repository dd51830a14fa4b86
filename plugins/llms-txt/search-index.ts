import {createSlugger} from '@docusaurus/utils';
import type {Heading, Node, Root, RootContent} from 'mdast';
import MiniSearch from 'minisearch';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {groupOperations, type OpenApiDocument} from '../../src/components/api-reference/openapi';
import {INDEX_OPTIONS, type SearchEntry} from '../../src/components/search/search-options';

const EXCERPT_LENGTH = 160;
/** Enough of a long section to find it by its words, without making the index heavy. */
const TEXT_LENGTH = 3000;

/** The words of a Markdown node: text, inline code and code blocks, without the syntax. */
function textOf(node: Node): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node && Array.isArray(node.children)) {
    return (node.children as Node[]).map(textOf).join(node.type === 'paragraph' || node.type === 'heading' ? '' : ' ');
  }
  return '';
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function excerptOf(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH - 20))}…`;
}

/**
 * A guide page's Markdown copy as search entries: the page's opening, then one entry per `##` and `###` section,
 * each pointing at the anchor the site gives that heading (Docusaurus' own slugger, duplicates numbered alike).
 */
export function sectionsOf(markdown: string, page: {title: string; path: string}): SearchEntry[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const slugger = createSlugger();
  const entries: SearchEntry[] = [];
  let current = {heading: page.title, url: page.path, parts: [] as string[]};
  const flush = () => {
    const text = squeeze(current.parts.join(' '));
    if (text || current.heading !== page.title) {
      entries.push({
        id: current.url,
        page: page.title,
        heading: current.heading,
        url: current.url,
        text: text.slice(0, TEXT_LENGTH),
        excerpt: excerptOf(text),
      });
    }
  };
  for (const node of tree.children as RootContent[]) {
    if (node.type === 'heading' && (node as Heading).depth === 1) continue;
    if (node.type === 'heading' && (node as Heading).depth <= 3) {
      flush();
      const heading = squeeze(textOf(node));
      current = {heading, url: `${page.path}#${slugger.slug(heading)}`, parts: []};
      continue;
    }
    // Deeper headings stay in their section; their ids are slugged too, so later anchors keep the site's numbering.
    if (node.type === 'heading') slugger.slug(squeeze(textOf(node)));
    current.parts.push(textOf(node));
  }
  flush();
  return entries;
}

/** Every operation of the API reference, found by its method, path, summary, description and operation id. */
export function operationEntries(document: OpenApiDocument, referencePath: string): SearchEntry[] {
  return groupOperations(document).flatMap((group) =>
    group.operations.map(({method, path, operation, anchor}) => {
      const text = squeeze(
        [operation.summary, operation.description, operation.operationId].filter(Boolean).join('. '),
      );
      return {
        id: `${referencePath}#${anchor}`,
        page: 'API reference',
        heading: `${method.toUpperCase()} ${path}`,
        url: `${referencePath}#${anchor}`,
        text,
        excerpt: excerptOf(squeeze(operation.summary ?? text)),
      };
    }),
  );
}

/** The serialised MiniSearch index the search dialog loads. */
export function buildSearchIndex(entries: SearchEntry[]): string {
  const index = new MiniSearch<SearchEntry>(INDEX_OPTIONS);
  index.addAll(entries);
  return JSON.stringify(index);
}
