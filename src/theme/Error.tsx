import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Layout from '@theme/Layout';
import type {Props} from '@theme/Error';
import ErrorPageContent from '@theme/ErrorPageContent';

/** The root error boundary's page: the default error page, inside the layout when the layout itself works. */
export default function ErrorPage({error, tryAgain}: Props): ReactNode {
  return (
    <ErrorBoundary fallback={() => <ErrorPageContent error={error} tryAgain={tryAgain} />}>
      <Head>
        <title>Unexpected Application Error! | IntakeKit</title>
      </Head>
      <Layout>
        <ErrorPageContent error={error} tryAgain={tryAgain} />
      </Layout>
    </ErrorBoundary>
  );
}
