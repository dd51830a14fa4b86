import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import ProtectedRoute from '@site/src/components/protected-route';
import SignedInShell from './signed-in-shell';
import styles from './styles.module.css';

export {default as SignedInShell} from './signed-in-shell';
export {useDeveloperSidebar} from './developer-sidebar';
export {resolveSidebar} from './resolve-sidebar';

/** Signed-in pages stay out of search engines; rendered outside the guard so it is in the static HTML. */
export function NoIndex(): ReactNode {
  return (
    <Head>
      <meta name="robots" content="noindex" />
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
      <NoIndex />
      <ProtectedRoute>
        <SignedInShell>
          <div className={styles.pageContent}>{children}</div>
        </SignedInShell>
      </ProtectedRoute>
    </Layout>
  );
}
export default SignedInLayout;
