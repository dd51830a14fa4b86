import {memo, useDeferredValue, type ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {useAuthStore} from '@site/src/stores/auth-store';
import {fillPlaceholders, SANDBOX_KEY_PLACEHOLDER, withSandboxKey} from '@site/src/components/guide/placeholders';
import {CopyTextContext} from './copy-text';

type Props = WrapperProps<typeof CodeBlockType>;

// The key list's answers (loading, then loaded) re-render this wrapper; the block itself, with the same text, need not.
const SameCodeBlock = memo(function SameCodeBlock(props: Props): ReactNode {
  return <CodeBlock {...props} />;
});

/**
 * Loaded on demand by ./index.tsx. Every code block of the site (MDX fences and <CodeBlock>): `%SDK_CDN_URL%` and
 * `%API_URL%` become the addresses of this build (customFields), so snippets always point at the SDK and API users
 * can reach; `YOUR_SANDBOX_KEY` becomes the signed-in reader's sandbox key, masked on screen and whole when copied.
 * The block first shows the placeholder and takes the key when the key list answers: nothing waits for it.
 */
export default function CodeBlockWrapper({children, ...props}: Props): ReactNode {
  const fields = usePortalFields();
  const filled = typeof children === 'string' ? fillPlaceholders(children, fields) : null;
  const signedIn = useAuthStore((s) => s.user !== null);
  const {key} = useSandboxKey(signedIn && (filled?.includes(SANDBOX_KEY_PLACEHOLDER) ?? false));
  // The key list's answer renders synchronously (SWR's store subscription), and every block that shows the key is
  // tokenised again: deferred, React does that in short background slices instead of one long task.
  const apiKey = useDeferredValue(key?.apiKey ?? null);
  if (filled === null) return <SameCodeBlock {...props}>{children}</SameCodeBlock>;
  const {shown, copied} = withSandboxKey(filled, apiKey);
  return (
    <CopyTextContext.Provider value={copied === shown ? null : copied}>
      <SameCodeBlock {...props}>{shown}</SameCodeBlock>
    </CopyTextContext.Provider>
  );
}
