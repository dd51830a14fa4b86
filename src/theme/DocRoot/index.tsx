import type {ReactNode} from 'react';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type {WrapperProps} from '@docusaurus/types';
import ProtectedRoute from '@site/src/components/protected-route';

type Props = WrapperProps<typeof DocRootType>;

/** The SDK guide under /dashboard is signed-in only: MDX authors get the guard for free. */
export default function DocRootWrapper(props: Props): ReactNode {
  return (
    <ProtectedRoute>
      <DocRoot {...props} />
    </ProtectedRoute>
  );
}
