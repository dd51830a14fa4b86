import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import ProtectedRoute from '../protected-route';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import SignedInShell from './signed-in-shell';
import styles from './styles.module.css';

export {default as SignedInShell} from './signed-in-shell';
export {useDeveloperSidebar} from './developer-sidebar';
export {resolveSidebar} from './resolve-sidebar';

/**
 * The head of every signed-in page, rendered outside the guard so it is in the static HTML: out of search
 * engines, and a connection to the API opened while main.js downloads (the session check is the API's first
 * call; it carries no cookies, hence crossorigin).
 */
export function SignedInHead(): ReactNode {
  const {apiUrl} = usePortalFields();
  const apiOrigin = new URL(apiUrl).origin;
  return (
    <Head>
      <meta name="robots" content="noindex" />
      <link rel="preconnect" href={apiOrigin} crossOrigin="anonymous" />
    </Head>
  );
}

export interface SignedInLayoutProps {
  /** The document title (the page renders its own heading). */
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * The frame of every signed-in React page (/api-keys, /team, /settings): the site layout, the auth guard,
 * the Developer sidebar and a content column. The /dashboard docs get the same sidebar through
 * src/theme/DocRoot. Do not render another <main> inside: the shell provides it.
 */
export function SignedInLayout({title, description, children}: SignedInLayoutProps): ReactNode {
  return (
    <Layout title={title} description={description} noFooter>
      <SignedInHead />
      <ProtectedRoute>
        <SignedInShell title={title}>
          <div className={styles.pageContent}>{children}</div>
        </SignedInShell>
      </ProtectedRoute>
    </Layout>
  );
}
export default SignedInLayout;
