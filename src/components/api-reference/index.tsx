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

function FieldTable({fields, caption}: {fields: Field[]; caption: string}): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Field
            </th>
            <th scope="col" role="columnheader">
              Type
            </th>
            <th scope="col" role="columnheader">
              Required
            </th>
            <th scope="col" role="columnheader">
              Constraints
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {fields.map((field) => (
            <tr role="row" key={field.name}>
              <th scope="row" role="rowheader" className={styles.fieldName} data-label="Field">
                <code>{field.name}</code>
              </th>
              <td role="cell" data-label="Type">
                <code className={styles.type}>{field.type}</code>
              </td>
              <td role="cell" data-label="Required">
                <Required required={field.required} />
              </td>
              <td role="cell" data-label="Constraints" className={styles.constraints}>
                {field.constraints.length > 0 ? field.constraints.join('; ') : <span aria-label="None">-</span>}
                {field.description && <div>{field.description}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ParameterTable({parameters, caption}: {parameters: Parameter[]; caption: string}): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Parameter
            </th>
            <th scope="col" role="columnheader">
              In
            </th>
            <th scope="col" role="columnheader">
              Type
            </th>
            <th scope="col" role="columnheader">
              Required
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {parameters.map((parameter) => (
            <tr role="row" key={`${parameter.in}-${parameter.name}`}>
              <th scope="row" role="rowheader" className={styles.fieldName} data-label="Parameter">
                <code>{parameter.name}</code>
              </th>
              <td role="cell" data-label="In">
                {parameter.in}
              </td>
              <td role="cell" data-label="Type">
                <code className={styles.type}>{typeLabel(parameter.schema)}</code>
                {constraints(parameter.schema).length > 0 && (
                  <div className={styles.constraints}>{constraints(parameter.schema).join('; ')}</div>
                )}
              </td>
              <td role="cell" data-label="Required">
                <Required required={Boolean(parameter.required)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Responses({entry}: {entry: OperationEntry}): ReactNode {
  const responses = Object.entries(entry.operation.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} role="table">
          <caption className="sr-only">Responses of {label}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Status
              </th>
              <th scope="col" role="columnheader">
                Meaning
              </th>
              <th scope="col" role="columnheader">
                Error codes
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {responses.map(([status, response]) => {
              const ok = status.startsWith('2');
              const codes = ok ? [] : errorCodes(response);
              return (
                <tr role="row" key={status}>
                  <th scope="row" role="rowheader" data-label="Status">
                    <span className={clsx(styles.status, ok ? styles.statusOk : styles.statusError)}>{status}</span>
                  </th>
                  <td role="cell" data-label="Meaning">
                    {STATUS_TEXT[status] ?? (ok ? 'Success' : 'Error')}
                  </td>
                  <td role="cell" data-label="Error codes">
                    {codes.length === 0 ? (
                      <span aria-label="None">-</span>
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
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
    <section className={styles.operation} aria-labelledby={entry.anchor}>
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
