import type {ReactNode} from 'react';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type {WrapperProps} from '@docusaurus/types';
import ProtectedRoute from '@site/src/features/session/components/protected-route';
import {SignedInHead} from '@site/src/features/session/components/signed-in-layout';

type Props = WrapperProps<typeof DocRootType>;

/**
 * The SDK guide under /dashboard is signed-in only: MDX authors get the guard for free. The guide is the same for
 * everyone, so it renders while the session loads (its static HTML shows at once to a reader with a stored session).
 * The robots tag sits outside the guard so it is in the static HTML.
 */
export default function DocRootWrapper(props: Props): ReactNode {
  return (
    <>
      <SignedInHead />
      <ProtectedRoute whileLoading>
        <DocRoot {...props} />
      </ProtectedRoute>
    </>
  );
}
