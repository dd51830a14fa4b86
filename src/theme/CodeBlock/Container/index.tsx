/** The theme's code block frame, with the readable Prism theme's colours (see readable-theme.ts). */
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useReadablePrismTheme} from '../use-readable-prism-theme';
import {getPrismCssVariables} from '@site/src/theme/theme-common-internals';
import styles from './styles.module.css';

export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: {as: T} & ComponentProps<T>): ReactNode {
  const prismTheme = useReadablePrismTheme();
  const prismCssVariables = getPrismCssVariables(prismTheme);
  const Element = As as 'div';
  return (
    <Element
      // Polymorphic components are hard to type, without `oneOf` generics
      {...(props as ComponentProps<'div'>)}
      style={prismCssVariables}
      className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
    />
  );
}
