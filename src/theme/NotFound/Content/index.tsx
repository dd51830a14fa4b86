import type {ReactNode} from 'react';
import ErrorPage from '@site/src/components/error-page';

/** Unmatched routes: the default error page, saying the page does not exist. */
export default function NotFoundContent(): ReactNode {
  return (
    <ErrorPage
      detail="404 Not Found"
      explanation="There is no page at this address. Check the link, or go on from the dashboard or the home page."
    />
  );
}
