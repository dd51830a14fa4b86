import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {maskApiKey} from '@site/src/lib/mask';
import {KEY_CHECKSUM_LENGTH, KEY_RANDOM_LENGTH, keyPrefix} from '@intakekit/contract/api-keys';
import {SANDBOX_KEY_PLACEHOLDER} from './placeholders';
import styles from './snippet-key-note.module.css';

// A sandbox key's shape, masked as a real one is: the sentence takes the same room with it as with the reader's key.
const KEY_SHAPE = maskApiKey(`${keyPrefix('sandbox')}${'0'.repeat(KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH)}`);

function KeySentence({masked}: {masked: string}): ReactNode {
  return (
    <>
      The snippets on this page carry your sandbox key <code>{masked}</code>: masked on screen, whole when you press
      Copy, so a copied snippet runs as it is.
    </>
  );
}

function NoKeySentence(): ReactNode {
  return (
    <>
      You have no active sandbox key yet. <Link to="/api-keys">Create a sandbox key</Link> and the snippets on this page
      will carry it; until then they show <code>{SANDBOX_KEY_PLACEHOLDER}</code>.
    </>
  );
}

/**
 * Says whose key the page's snippets carry: the reader's sandbox key (masked), or how to get one. Both sentences are
 * laid out, invisible, in the same cell as the one shown, so the note is as tall as the longer of them at any width
 * from the first paint: the snippets below do not move when the key list answers, whichever answer it is. The status
 * region holds only the sentence shown, and is there from the start, so what comes in is announced.
 */
export function SnippetKeyNote(): ReactNode {
  const {key, isLoading} = useSandboxKey();
  return (
    <div className={styles.keyNote}>
      <p className={styles.heldRoom} aria-hidden="true">
        <KeySentence masked={KEY_SHAPE} />
      </p>
      <p className={styles.heldRoom} aria-hidden="true">
        <NoKeySentence />
      </p>
      <p role="status">
        {isLoading ? null : key ? <KeySentence masked={maskApiKey(key.apiKey)} /> : <NoKeySentence />}
      </p>
    </div>
  );
}
