import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {maskApiKey} from '@site/src/lib/mask';
import {SANDBOX_KEY_PLACEHOLDER} from './placeholders';

/**
 * Says whose key the page's snippets carry: the reader's sandbox key (masked), or how to get one. Renders nothing
 * while the key list loads, so the sentence never flips from one to the other.
 */
export function SnippetKeyNote(): ReactNode {
  const {key, isLoading} = useSandboxKey();
  if (isLoading) return null;
  return key ? (
    <p role="status">
      The snippets on this page carry your sandbox key <code>{maskApiKey(key.apiKey)}</code>: masked on screen, whole
      when you press Copy, so a copied snippet runs as it is.
    </p>
  ) : (
    <p role="status">
      You have no active sandbox key yet. <Link to="/api-keys">Create a sandbox key</Link> and the snippets on this page
      will carry it; until then they show <code>{SANDBOX_KEY_PLACEHOLDER}</code>.
    </p>
  );
}
