import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPageButton from '@site/src/components/copy-page-button';
import {markdownPathOf} from '@site/src/lib/markdown-path';

type Props = WrapperProps<typeof ContentType>;

/**
 * Every page of the SDK guide offers its Markdown copy ('Copy page as Markdown') above its content. The copies are
 * written by the build (plugins/llms-txt), so the development server, which has none, shows no button.
 */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      {process.env.NODE_ENV === 'production' && <CopyPageButton markdownPath={markdownPathOf(metadata.permalink)} />}
      <Content {...props} />
    </>
  );
}
