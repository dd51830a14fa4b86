/**
 * The components the SDK guide's MDX uses, in one place. They are also registered in
 * src/theme/MDXComponents.tsx, so an MDX page can use them without importing anything.
 */
export {InfoCards, InfoCard, LinkCards, LinkCard, Panel, Steps} from './cards';
export type {InfoCardProps, LinkCardProps} from './cards';
export {Greeting, ApiUrl, SdkUrl} from './site-values';
export {LiveDemo} from './live-demo';
export {Table} from './table';
export {GuideIcon, type GuideIconName} from './icons';
export {fillPlaceholders, PLACEHOLDERS} from './placeholders';
/** Code with a Copy button: any fenced block, or <CodeBlock language="js" title="...">{`...`}</CodeBlock>. */
export {default as CodeBlock} from '@theme/CodeBlock';
