import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@site/src/theme/theme-common-internals';
import type {Props} from '@theme/CodeBlock/Buttons/CopyButton';
import {CopiedStatus, CopyButtonContent} from '@site/src/components/copy-button';
import {useCopy} from '@site/src/hooks/use-copy';
import {CopyTextContext} from '../../copy-text';
import styles from './styles.module.css';

/**
 * The one Copy button of every code block: copies the whole snippet (with the reader's whole key where the block
 * shows it masked) and shows 'Copied!' for 2 s.
 */
export default function CopyButton({className}: Props): ReactNode {
  const {
    metadata: {code},
  } = useCodeBlockContext();
  const copyText = useContext(CopyTextContext);
  const {copied, copy} = useCopy(copyText ?? code);
  return (
    <>
      <button
        type="button"
        className={clsx('clean-btn', className, styles.copyButton, copied && styles.copied)}
        onClick={copy}
        title="Copy code to clipboard"
      >
        <CopyButtonContent copied={copied} iconClassName={styles.icon} />
      </button>
      <CopiedStatus copied={copied} />
    </>
  );
}
