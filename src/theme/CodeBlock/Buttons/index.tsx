import type {ReactNode} from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import type {Props} from '@theme/CodeBlock/Buttons';
import styles from './styles.module.css';

/** The header buttons of a code block; interactive only once React runs, so not server-rendered. */
export default function CodeBlockButtons({className}: Props): ReactNode {
  return (
    <BrowserOnly fallback={<span className={clsx(className, styles.placeholder)} />}>
      {() => (
        <div className={clsx(className, styles.buttonGroup)}>
          <WordWrapButton className={styles.wrapButton} />
          <CopyButton />
        </div>
      )}
    </BrowserOnly>
  );
}
