import type {ReactNode} from 'react';
import ErrorPage from '@site/src/components/error-page';

/** Unmatched routes (spec §2): the default error page. */
export default function NotFoundContent(): ReactNode {
  return <ErrorPage detail="404 Not Found" />;
}
