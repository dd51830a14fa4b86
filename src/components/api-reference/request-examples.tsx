import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import {EXAMPLE_LANGUAGES, EXAMPLE_WRITERS, exampleRequest} from './examples';
import type {JsonSchema, OperationEntry} from './openapi';
import {Disclosure} from './disclosure';

/**
 * An operation's request in curl, JavaScript and Python, behind a button (highlighting three code blocks for each
 * operation on load would keep a phone busy). The language chosen is shared by every operation and remembered
 * (Docusaurus tab group `language`).
 */
export function RequestExamples({entry, body}: {entry: OperationEntry; body: JsonSchema | undefined}): ReactNode {
  const request = exampleRequest(entry, body);
  return (
    <Disclosure label="Request examples" name={`Request examples for ${entry.method.toUpperCase()} ${entry.path}`}>
      {() => (
        <Tabs groupId="language" lazy>
          {EXAMPLE_LANGUAGES.map((language) => (
            <TabItem key={language.value} value={language.value} label={language.label}>
              <CodeBlock language={language.prism}>{EXAMPLE_WRITERS[language.value](request)}</CodeBlock>
            </TabItem>
          ))}
        </Tabs>
      )}
    </Disclosure>
  );
}
