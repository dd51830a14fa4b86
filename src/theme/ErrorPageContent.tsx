import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import ErrorPage from '@site/src/components/error-page';

/** A page that crashed (Layout's error boundary): the same default error page as unmatched routes. */
export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return (
    <ErrorPage
      detail={error.message}
      explanation="Something went wrong while showing this page. Try again, or go on from the dashboard or the home page."
    >
      <button type="button" className="button button--outline button--primary" onClick={tryAgain}>
        Try again
      </button>
    </ErrorPage>
  );
}
