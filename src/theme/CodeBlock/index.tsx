import {lazy, type ReactNode} from 'react';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof CodeBlockType>;

// Prism and its grammars (about 43 kB gzipped) load with the first code block, not with every docs page:
// the MDX components map every page's `pre` here, so a static import put them on the Introduction's critical path.
// There is deliberately no Suspense boundary here: the signed-in page renders as a deferred update
// (ProtectedRoute), so React keeps the loading state until the blocks are ready rather than showing
// placeholders that would shift the page when the highlighted blocks replace them.
const HighlightedCodeBlock = lazy(() => import('./highlighted'));

export default function CodeBlock(props: Props): ReactNode {
  return <HighlightedCodeBlock {...props} />;
}
