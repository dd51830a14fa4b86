import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import {toneClass, type Tone} from '@site/src/components/tone';
import {authOf, type OpenApiDocument, type OperationEntry} from './openapi';
import {flattenFields, jsonSchema} from './schema-rows';
import {RequestExamples} from './request-examples';
import {Responses} from './responses';
import {FieldTable, ParameterTable} from './tables';
import {TryIt} from './try-it';
import styles from './styles.module.css';
import tools from './tools.module.css';

const METHOD_TONE: Record<string, Tone | undefined> = {
  get: 'success',
  post: 'info',
  put: 'warning',
  patch: 'warning',
  delete: 'danger',
};

export function MethodBadge({method}: {method: string}): ReactNode {
  const tone = METHOD_TONE[method];
  return <span className={clsx(styles.method, tone && toneClass(tone))}>{method.toUpperCase()}</span>;
}

/** One operation: method and path, summary, authentication, parameters, request body, tools and responses. */
export function OperationSection({entry, document}: {entry: OperationEntry; document: OpenApiDocument}): ReactNode {
  const {operation, method, path} = entry;
  const auth = authOf(operation, document);
  const parameters = operation.parameters ?? [];
  const body = jsonSchema(operation.requestBody?.content);
  const fields = flattenFields(body);
  const label = `${method.toUpperCase()} ${path}`;
  return (
    <section className={styles.operation} aria-label={label}>
      <Heading as="h3" id={entry.anchor} className={styles.operationTitle}>
        <MethodBadge method={method} />
        <code className={styles.path}>{path}</code>
      </Heading>
      {operation.summary && <p className={styles.summary}>{operation.summary}</p>}
      {operation.description && <p>{operation.description}</p>}

      <dl className={styles.meta}>
        <div>
          <dt>Authentication</dt>
          <dd>
            {auth.length === 0 ? (
              <span className={styles.public}>None (public)</span>
            ) : (
              auth.map((a) => (
                <span key={a.scheme} className={styles.auth} title={a.description}>
                  {a.label}
                </span>
              ))
            )}
          </dd>
        </div>
      </dl>

      {parameters.length > 0 && (
        <>
          <Heading as="h4" className={styles.subheading}>
            Parameters
          </Heading>
          <ParameterTable parameters={parameters} caption={`Parameters of ${label}`} />
        </>
      )}

      <Heading as="h4" className={styles.subheading}>
        Request body
      </Heading>
      {fields.length > 0 ? (
        <FieldTable fields={fields} caption={`Request body of ${label}`} />
      ) : (
        <p className={styles.none}>No body.</p>
      )}

      <div className={tools.tools}>
        <RequestExamples entry={entry} body={body} />
        <TryIt entry={entry} body={body} />
      </div>

      <Heading as="h4" className={styles.subheading}>
        Responses
      </Heading>
      <Responses entry={entry} />
    </section>
  );
}
