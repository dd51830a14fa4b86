import type {Node, Parent} from 'mdast';

/** Every node under `root`, in document order. */
export function* nodesOf(root: Node): Generator<Node> {
  yield root;
  for (const child of (root as Parent).children ?? []) yield* nodesOf(child);
}

export const lineOf = (node: Node): number => node.position?.start.line ?? 1;

/** The text a reader sees in a node (a heading's words, code spans included). */
export function textOf(node: Node): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  return ((node as Parent).children ?? []).map(textOf).join('');
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

/** A string attribute of an MDX JSX element (`<LinkCard to="…">`), or undefined. */
export function jsxAttribute(node: Node, name: string): string | undefined {
  const attributes = (node as {attributes?: JsxAttribute[]}).attributes ?? [];
  const found = attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

export const isJsx = (node: Node): boolean => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
