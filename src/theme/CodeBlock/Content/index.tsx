/**
 * The theme's code block body, highlighted by ../highlight (Prism with this site's grammars only) instead of
 * prism-react-renderer's module, and skipped by the browser's layout until it is near the screen.
 */
import {forwardRef, memo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@site/src/theme/theme-common-internals';
import {sameLine} from '../highlight/same-line';
import {useHighlight} from '../highlight/use-highlight';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';

import styles from './styles.module.css';

const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => {
  return (
    <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
  );
});

// When the reader's key arrives, its blocks are tokenised again: only the lines showing it are drawn and committed
// again (one task on a phone had every line of every such block in it).
const SameLine = memo(Line, sameLine);

function Code(props: ComponentProps<'code'>) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const {lines, className, style, getLineProps, getTokenProps} = useHighlight({code, language, theme: prismTheme});
  return (
    <Pre
      ref={wordWrap.codeBlockRef}
      className={clsx(classNameProp, className)}
      // Until a block is near the screen the browser skips its styles and layout (styles.codeBlock); the
      // height it reserves meanwhile is the block's own, so the page does not jump when it is laid out.
      style={{
        ...style,
        containIntrinsicBlockSize: `auto calc(${lines.length} * var(--ifm-pre-line-height) * 1em + 2 * var(--ifm-pre-padding))`,
      }}
    >
      <Code>
        {lines.map((line, i) => (
          <SameLine
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </Code>
    </Pre>
  );
}
