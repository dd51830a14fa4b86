import type {Node, Parent, PhrasingContent, Root, RootContent, Text} from 'mdast';
import type {ContainerDirective} from 'mdast-util-directive';
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';

/** What a component of the guide stands for, as Markdown to put in its place ('' drops it). */
export type ComponentMarkdown = (attributes: Record<string, string>) => string;

export interface MarkdownOptions {
  /** Replacements of the `%NAME%` tokens in code blocks (the portal's addresses). */
  placeholders: Record<string, string>;
  /** Components rendered as Markdown; any other component keeps its children and loses its tag. */
  components: Record<string, ComponentMarkdown>;
  /** The Markdown address of a relative link to another page (`./flows.mdx`), or undefined to keep it. */
  linkTo: (href: string) => string | undefined;
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

const isJsx = (node: Node): node is Jsx => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const DROPPED = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

function attributesOf(node: Jsx): Record<string, string> {
  return Object.fromEntries(
    node.attributes
      .filter((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && typeof a.value === 'string')
      .map((a) => [a.name, a.value as string]),
  );
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** Markdown as the nodes to put in a component's place: phrasing content where the component stood in a line. */
function nodesOf(markdown: string, inline: boolean): RootContent[] {
  const root = parser.parse(markdown);
  const [first] = root.children;
  if (inline && root.children.length === 1 && first?.type === 'paragraph') return first.children;
  return root.children;
}

function fill(text: string, placeholders: Record<string, string>): string {
  return Object.entries(placeholders).reduce((out, [token, value]) => out.replaceAll(token, value), text);
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** An admonition (`:::tip[Title]`) as a quote that starts with its kind and title in bold. */
function admonition(node: ContainerDirective): RootContent {
  const [first, ...rest] = node.children;
  const labelled = first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const title = [
    {type: 'text', value: `${capitalised(node.name)}${labelled ? ': ' : ''}`} as const,
    ...(labelled ? first.children : []),
  ];
  return {
    type: 'blockquote',
    children: [
      {type: 'paragraph', children: [{type: 'strong', children: title}]},
      ...(labelled ? rest : node.children),
    ],
  };
}

/**
 * A component with a title (a card) or a label (a tab) keeps it as a bold line before its children, linked where
 * the card links: a copy of the page has every tab's content one after the other.
 */
function titleOf(attributes: Record<string, string>): RootContent[] {
  const title = attributes.title ?? attributes.label;
  if (!title) return [];
  const text: Text = {type: 'text', value: title};
  const target = attributes.to ?? attributes.href;
  const inner: PhrasingContent = target ? {type: 'link', url: target, children: [text]} : text;
  return [{type: 'paragraph', children: [{type: 'strong', children: [inner]}]}];
}

/** The node's children, rewritten: MDX-only nodes dropped or replaced, placeholders filled, links resolved. */
function rewrite(parent: Parent, options: MarkdownOptions): void {
  const out: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (DROPPED.has(child.type)) continue;
    if (isJsx(child)) {
      const render = child.name ? options.components[child.name] : undefined;
      const attributes = attributesOf(child);
      const replacement = render
        ? nodesOf(render(attributes), child.type === 'mdxJsxTextElement')
        : [...(child.type === 'mdxJsxFlowElement' ? titleOf(attributes) : []), ...(child.children as RootContent[])];
      const holder = {type: 'root', children: replacement} as Root;
      rewrite(holder, options);
      out.push(...holder.children);
      continue;
    }
    if (child.type === 'containerDirective') {
      const quote = admonition(child);
      rewrite(quote as Parent, options);
      out.push(quote);
      continue;
    }
    if (child.type === 'textDirective') {
      out.push({type: 'text', value: `:${child.name}`}, ...(child.children as RootContent[]));
      continue;
    }
    if (child.type === 'code') child.value = fill(child.value, options.placeholders);
    if (child.type === 'link') child.url = options.linkTo(child.url) ?? child.url;
    if ('children' in child) rewrite(child, options);
    out.push(child);
  }
  parent.children = out;
}

/**
 * A guide page's MDX as plain Markdown (GitHub tables, fenced code): front matter, imports and expressions dropped,
 * the guide's components replaced by what they show, the build's addresses in the code.
 */
export function mdxToMarkdown(source: string, options: MarkdownOptions): string {
  const tree = unified()
    .use(remarkParse)
    .use(remarkFrontmatter)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(remarkDirective)
    .parse(source);
  rewrite(tree, options);
  return unified().use(remarkGfm).use(remarkStringify, {bullet: '-', fences: true}).stringify(tree);
}
