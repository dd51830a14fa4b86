import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import {
  authOf,
  constraints,
  errorCodes,
  flattenFields,
  groupOperations,
  jsonSchema,
  STATUS_TEXT,
  typeLabel,
  type Field,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
} from './openapi';
import {RequestExamples} from './request-examples';
import {TryIt} from './try-it';
import styles from './styles.module.css';

export type {OpenApiDocument} from './openapi';

const METHOD_CLASS: Record<string, string | undefined> = {
  get: styles.get,
  post: styles.post,
  put: styles.put,
  patch: styles.patch,
  delete: styles.delete,
};

function MethodBadge({method}: {method: string}): ReactNode {
  return <span className={clsx(styles.method, METHOD_CLASS[method])}>{method.toUpperCase()}</span>;
}

function Required({required}: {required: boolean}): ReactNode {
  return required ? (
    <span className={styles.required}>Required</span>
  ) : (
    <span className={styles.optional}>Optional</span>
  );
}

const NONE = <span aria-label="None">-</span>;

/** The reference's tables: a caption for screen readers, column headers, and rows that stack on small screens. */
function Table({caption, columns, children}: {caption: ReactNode; columns: string[]; children: ReactNode}): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's first cell; `label` names the column when the rows stack (data-label, see styles.module.css). */
function RowHeader({label, className, children}: {label: string; className?: string; children: ReactNode}) {
  return (
    <th scope="row" role="rowheader" className={className} data-label={label}>
      {children}
    </th>
  );
}

function Cell({label, className, children}: {label: string; className?: string; children: ReactNode}) {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  );
}

function FieldTable({fields, caption}: {fields: Field[]; caption: string}): ReactNode {
  return (
    <Table caption={caption} columns={['Field', 'Type', 'Required', 'Constraints']}>
      {fields.map((field) => (
        <tr role="row" key={field.name}>
          <RowHeader label="Field" className={styles.fieldName}>
            <code>{field.name}</code>
          </RowHeader>
          <Cell label="Type">
            <code className={styles.type}>{field.type}</code>
          </Cell>
          <Cell label="Required">
            <Required required={field.required} />
          </Cell>
          <Cell label="Constraints" className={styles.constraints}>
            {field.constraints.length > 0 ? field.constraints.join('; ') : NONE}
            {field.description && <div>{field.description}</div>}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}

function ParameterTable({parameters, caption}: {parameters: Parameter[]; caption: string}): ReactNode {
  return (
    <Table caption={caption} columns={['Parameter', 'In', 'Type', 'Required']}>
      {parameters.map((parameter) => {
        const rules = constraints(parameter.schema);
        return (
          <tr role="row" key={`${parameter.in}-${parameter.name}`}>
            <RowHeader label="Parameter" className={styles.fieldName}>
              <code>{parameter.name}</code>
            </RowHeader>
            <Cell label="In">{parameter.in}</Cell>
            <Cell label="Type">
              <code className={styles.type}>{typeLabel(parameter.schema)}</code>
              {rules.length > 0 && <div className={styles.constraints}>{rules.join('; ')}</div>}
              {(parameter.description ?? parameter.schema?.description) && (
                <div className={styles.constraints}>{parameter.description ?? parameter.schema?.description}</div>
              )}
            </Cell>
            <Cell label="Required">
              <Required required={Boolean(parameter.required)} />
            </Cell>
          </tr>
        );
      })}
    </Table>
  );
}

function Responses({entry}: {entry: OperationEntry}): ReactNode {
  const responses = Object.entries(entry.operation.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  return (
    <>
      <Table caption={<>Responses of {label}</>} columns={['Status', 'Meaning', 'Error codes']}>
        {responses.map(([status, response]) => {
          const ok = status.startsWith('2');
          const codes = ok ? [] : errorCodes(response);
          return (
            <tr role="row" key={status}>
              <RowHeader label="Status">
                <span className={clsx(styles.status, ok ? styles.statusOk : styles.statusError)}>{status}</span>
              </RowHeader>
              <Cell label="Meaning">{STATUS_TEXT[status] ?? (ok ? 'Success' : 'Error')}</Cell>
              <Cell label="Error codes">
                {codes.length === 0 ? (
                  NONE
                ) : (
                  <ul className={styles.codes}>
                    {codes.map(({code, message}) => (
                      <li key={code}>
                        <code>{code}</code>
                        {message && <span className={styles.codeMessage}>{message}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
            </tr>
          );
        })}
      </Table>
      {responses
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => {
          const fields = flattenFields(jsonSchema(response.content));
          if (fields.length === 0) return null;
          return (
            <details key={status} className={styles.details}>
              <summary>
                {status} {STATUS_TEXT[status] ?? 'Success'}: response body
              </summary>
              <FieldTable fields={fields} caption={`Body of the ${status} response of ${label}`} />
            </details>
          );
        })}
    </>
  );
}

function OperationSection({entry, document}: {entry: OperationEntry; document: OpenApiDocument}): ReactNode {
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

      <div className={styles.tools}>
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

/**
 * The API reference, Stripe style: operations grouped by tag, each with its method, path, summary,
 * authentication, parameters, request fields and responses with their error codes, and an anchor.
 * Rendered at build time from the OpenAPI document the server generates (scripts/gen-openapi.mjs).
 */
export default function ApiReference({document}: {document: OpenApiDocument}): ReactNode {
  const groups = groupOperations(document);
  const schemes = document.components?.securitySchemes ?? {};
  return (
    <div className={styles.reference}>
      <section className={styles.intro} aria-labelledby="authenticating-requests">
        <Heading as="h2" id="authenticating-requests">
          Authenticating requests
        </Heading>
        <p>
          Every authenticated call sends a bearer token in the <code>Authorization</code> header:
        </p>
        <ul>
          {Object.entries(schemes).map(([name, scheme]) => (
            <li key={name}>
              <strong>{name === 'session' ? 'Session token' : name === 'apiKey' ? 'API key' : name}</strong>
              {scheme.description ? `: ${scheme.description}.` : ''}
            </li>
          ))}
        </ul>
      </section>

      <nav className={styles.index} aria-label="Endpoints">
        {groups.map((group) => (
          <div key={group.tag} className={styles.indexGroup}>
            <a className={styles.indexTitle} href={`#${group.anchor}`}>
              {group.title}
            </a>
            <ul>
              {group.operations.map((entry) => (
                <li key={entry.anchor}>
                  <a href={`#${entry.anchor}`} className={styles.indexLink}>
                    <MethodBadge method={entry.method} />
                    <span className={styles.indexPath}>{entry.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      {groups.map((group) => (
        <section key={group.tag} className={styles.group} aria-labelledby={group.anchor}>
          <Heading as="h2" id={group.anchor}>
            {group.title}
          </Heading>
          {group.description && <p className={styles.groupDescription}>{group.description}</p>}
          {group.operations.map((entry) => (
            <OperationSection key={entry.anchor} entry={entry} document={document} />
          ))}
        </section>
      ))}
    </div>
  );
}
