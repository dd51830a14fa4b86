import type {ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {fillPlaceholders} from '@site/src/components/guide/placeholders';
import './prism-languages';

type Props = WrapperProps<typeof CodeBlockType>;

/**
 * Loaded on demand by ./index.tsx. Every code block of the site (MDX fences and <CodeBlock>): `%SDK_CDN_URL%` and `%API_URL%` become the
 * addresses of this build (customFields), so snippets always point at the SDK and API users can reach.
 */
export default function CodeBlockWrapper({children, ...props}: Props): ReactNode {
  const fields = usePortalFields();
  const code = typeof children === 'string' ? fillPlaceholders(children, fields) : children;
  return <CodeBlock {...props}>{code}</CodeBlock>;
}
