import {lazy, Suspense, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import styles from './placeholder.module.css';

// The demo (SWR, the SDK loader) is its own chunk, fetched only by the page that shows it.
const Demo = lazy(() => import('./live-demo'));

function Placeholder(): ReactNode {
  return (
    <p className={styles.demoPlaceholder} role="status">
      Loading the live demo...
    </p>
  );
}

/** The live SDK demo (phone preview, settings, the page's HTML). Browser only. */
export function LiveDemo(): ReactNode {
  return (
    <BrowserOnly fallback={<Placeholder />}>
      {() => (
        <Suspense fallback={<Placeholder />}>
          <Demo />
        </Suspense>
      )}
    </BrowserOnly>
  );
}
