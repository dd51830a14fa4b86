import {useState, type ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useLocation} from '@docusaurus/router';
import {marketingFrameUrl, marketingPage} from '@site/src/lib/marketing';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import styles from './styles.module.css';

export const ACCOUNT_DELETED = 'Your IntakeKit account was deleted, and every session of it signed out.';

/**
 * Home: the marketing site in a frame that fills the window, the sub-page chosen by `?page=`.
 * The frame is the only thing on the page, so there is one scrollbar: the frame's own.
 */
export default function MarketingFrame(): ReactNode {
  const {marketingUrl} = usePortalFields();
  const landingBase = useBaseUrl('/landing/');
  const isBrowser = useIsBrowser();
  const {search} = useLocation();
  // The server (and hydration) render the index; the query is read once in the browser.
  const page = isBrowser ? marketingPage(new URLSearchParams(search).get('page')) : 'index';
  const src = marketingFrameUrl(marketingUrl, page, landingBase);
  // `?deleted=1`: the account was just deleted from Settings; say so instead of landing without a word.
  const [dismissed, setDismissed] = useState(false);
  const deleted = isBrowser && !dismissed && new URLSearchParams(search).get('deleted') === '1';
  return (
    <main className={styles.main}>
      {deleted ? (
        <Notice variant="success" className={styles.banner} onDismiss={() => setDismissed(true)}>
          {ACCOUNT_DELETED}
        </Notice>
      ) : null}
      <iframe key={src} src={src} title="IntakeKit: embeddable healthcare intake flows" className={styles.frame} />
    </main>
  );
}
