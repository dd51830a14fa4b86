import {describe, expect, it} from 'vitest';
import type {Props as LineProps} from '@theme/CodeBlock/Line';
import {sameLine} from './same-line';
import {tokenize} from './use-highlight';

const getLineProps: LineProps['getLineProps'] = () => ({className: 'token-line'});
const getTokenProps: LineProps['getTokenProps'] = ({token}) => ({className: 'token', children: token.content});

function linesOf(code: string): LineProps[] {
  return tokenize(code, 'javascript').map((line) => ({
    line,
    classNames: undefined,
    showLineNumbers: false,
    getLineProps,
    getTokenProps,
  }));
}

const SNIPPET = `import {init} from '@intakekit/sdk';\n\ninit({\n  apiKey: 'KEY',\n  flow: 'new-patient',\n});`;

describe('a code line tokenised again', () => {
  it('renders again only where the text changed when the key arrives in a block', () => {
    const before = linesOf(SNIPPET.replace('KEY', 'YOUR_SANDBOX_KEY'));
    const after = linesOf(SNIPPET.replace('KEY', 'ik_sandbox_••••••••3f9a'));
    const redrawn = before.map((line, i) => !sameLine(line, after[i]!));
    expect(redrawn).toEqual([false, false, false, true, false, false]);
  });

  it('renders again when only a style changes, or a line gets a class', () => {
    const [line] = linesOf(`const a = 'b';`);
    const retyped = {...line!, line: line!.line.map((t) => ({...t, types: [...t.types, 'italic']}))};
    expect(sameLine(line!, retyped)).toBe(false);
    expect(sameLine(line!, {...line!, classNames: ['theme-code-block-highlighted-line']})).toBe(false);
    expect(sameLine(line!, {...line!, getTokenProps: (input) => getTokenProps(input)})).toBe(false);
    expect(sameLine(line!, {...line!, line: line!.line.map((t) => ({...t}))})).toBe(true);
  });
});
