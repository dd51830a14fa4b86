import type {ReactNode} from 'react';
import clsx from 'clsx';
import BackToTopButton from '@theme/BackToTopButton';
import type {Props} from '@theme/DocRoot/Layout';
import {SignedInShell} from '@site/src/features/session/components/signed-in-layout';
import styles from './styles.module.css';

/**
 * The docs under /dashboard use the signed-in frame (Developer sidebar from sidebars.ts) instead of
 * the theme's docs sidebar, so the guide and the account pages share one navigation.
 */
export default function DocRootLayout({children}: Props): ReactNode {
  return (
    <SignedInShell>
      <BackToTopButton />
      <div className={clsx('container padding-top--md padding-bottom--lg', styles.docContent)}>{children}</div>
    </SignedInShell>
  );
}
