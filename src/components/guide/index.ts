/**
 * The shared components the SDK guide's MDX uses, in one place. They are also registered in
 * src/theme/MDXComponents.tsx (with the demo's LiveDemo and the session's Greeting, which belong to their
 * features), so an MDX page can use them without importing anything.
 */
export {InfoCards, InfoCard, LinkCards, LinkCard, Panel, Steps} from './cards';
export type {InfoCardProps, LinkCardProps} from './cards';
export {ApiUrl, SdkUrl} from './site-values';
export {Table} from './table';
export {GuideIcon, type GuideIconName} from './icons';
export {fillPlaceholders, PLACEHOLDERS} from './placeholders';
/** Code with a Copy button: any fenced block, or <CodeBlock language="js" title="...">{`...`}</CodeBlock>. */
export {default as CodeBlock} from '@theme/CodeBlock';
