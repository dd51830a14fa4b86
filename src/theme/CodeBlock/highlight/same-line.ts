import type {Token} from 'prism-react-renderer';
import type {Props as LineProps} from '@theme/CodeBlock/Line';

function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((value, i) => value === b[i]);
}

function sameToken(a: Token, b: Token): boolean {
  return a.content === b.content && a.empty === b.empty && sameStrings(a.types, b.types);
}

/**
 * Whether a code line would render as before. A block tokenised again (the reader's sandbox key arriving in its text)
 * gives every line new token objects; compared by what they hold, only the lines whose text or styles changed are
 * rendered and committed again, not every line of every block on the page.
 */
export function sameLine(previous: LineProps, next: LineProps): boolean {
  return (
    previous.getLineProps === next.getLineProps &&
    previous.getTokenProps === next.getTokenProps &&
    previous.showLineNumbers === next.showLineNumbers &&
    sameStrings(previous.classNames, next.classNames) &&
    previous.line.length === next.line.length &&
    previous.line.every((token, i) => sameToken(token, next.line[i]!))
  );
}
