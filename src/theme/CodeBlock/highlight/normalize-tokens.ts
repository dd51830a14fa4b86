import type {Token} from 'prism-react-renderer';
import type {Token as PrismToken, TokenStream} from 'prismjs';

const NEWLINE = /\r\n|\r|\n/;

function withType(types: string[], type: string | string[]): string[] {
  return types.at(-1) === type ? types : types.concat(type);
}

// An empty line keeps a visible newline token so it has height (what the theme's Line expects).
function closeLine(line: Token[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0]!.content === '') Object.assign(line[0]!, {content: '\n', empty: true});
}

/**
 * Prism's token tree as lines of flat tokens, each carrying the types of every token it sits in: the shape the
 * theme's Line renders, as prism-react-renderer's `normalizeTokens` gives it (normalize-tokens.test.ts compares them).
 */
export function normalizeTokens(stream: ReadonlyArray<string | PrismToken>): Token[][] {
  const lines: Token[][] = [[]];
  const visit = (tokens: ReadonlyArray<string | PrismToken>, outer: string[]) => {
    for (const token of tokens) {
      let types: string[];
      let content: TokenStream;
      if (typeof token === 'string') {
        types = outer.length > 0 ? outer : ['plain'];
        content = token;
      } else {
        types = withType(outer, token.type);
        if (token.alias) types = withType(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        visit(Array.isArray(content) ? content : [content], types);
        continue;
      }
      const [first, ...rest] = content.split(NEWLINE);
      lines.at(-1)!.push({types, content: first!});
      for (const part of rest) {
        closeLine(lines.at(-1)!);
        lines.push([{types, content: part}]);
      }
    }
  };
  visit(stream, []);
  closeLine(lines.at(-1)!);
  return lines;
}
