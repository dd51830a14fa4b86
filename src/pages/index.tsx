import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import MarketingFrame from '@site/src/components/marketing-frame';

/** Home: the marketing site, full height. No site chrome: the framed site brings its own. */
export default function HomePage(): ReactNode {
  return (
    <>
      <Head>
        <title>IntakeKit: embeddable healthcare intake flows</title>
        <meta
          name="description"
          content="IntakeKit is an embeddable SDK for healthcare intake flows: add one script tag, get a sandbox key in minutes and ship patient intake inside your product."
        />
      </Head>
      <MarketingFrame />
    </>
  );
}
