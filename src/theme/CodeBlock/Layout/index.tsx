import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@site/src/theme/theme-common-internals';
import Container from '@theme/CodeBlock/Container';
import Title from '@theme/CodeBlock/Title';
import Content from '@theme/CodeBlock/Content';
import Buttons from '@theme/CodeBlock/Buttons';
import type {Props} from '@theme/CodeBlock/Layout';
import styles from './styles.module.css';

const LANGUAGE_NAMES: Record<string, string> = {
  html: 'HTML',
  markup: 'HTML',
  js: 'JavaScript',
  javascript: 'JavaScript',
  jsx: 'React',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'React',
  vue: 'Vue',
  python: 'Python',
  py: 'Python',
  bash: 'Shell',
  sh: 'Shell',
  shell: 'Shell',
  json: 'JSON',
  css: 'CSS',
  text: 'Text',
};

/** A code block with a header bar: the file name (or the language) and the always-visible Copy button. */
export default function CodeBlockLayout({className}: Props): ReactNode {
  const {metadata} = useCodeBlockContext();
  const label = metadata.title ?? (LANGUAGE_NAMES[metadata.language] || metadata.language);
  return (
    <Container as="div" className={clsx(className, metadata.className, styles.block)}>
      <div className={styles.header}>
        <span className={styles.title}>{metadata.title ? <Title>{metadata.title}</Title> : label}</span>
        <Buttons className={styles.buttons} />
      </div>
      <div className={styles.content}>
        <Content />
      </div>
    </Container>
  );
}
