import {memo, useMemo, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import {groupOperations, type OpenApiDocument} from './openapi';
import {MethodBadge, OperationSection} from './operation-section';
import {useRenderedOperations} from './use-rendered-operations';
import styles from './styles.module.css';

export type {OpenApiDocument} from './openapi';

// Each next batch of operations re-renders the list; the operations already there stay as they are.
const RenderedOperation = memo(OperationSection);

/**
 * The API reference, Stripe style: operations grouped by tag, each with its method, path, summary,
 * authentication, parameters, request fields and responses with their error codes, and an anchor.
 * Rendered at build time from the OpenAPI document the server generates (scripts/gen-openapi.mjs).
 */
export default function ApiReference({document}: {document: OpenApiDocument}): ReactNode {
  const groups = useMemo(() => groupOperations(document), [document]);
  const schemes = document.components?.securitySchemes ?? {};
  const {count, total} = useRenderedOperations(groups);
  let start = 0;
  const shown = groups.flatMap((group) => {
    const first = start;
    start += group.operations.length;
    return first < count ? [{...group, operations: group.operations.slice(0, count - first)}] : [];
  });
  return (
    // Busy while operations are still being added below, for screen readers (and a test that reads the whole page).
    <div className={styles.reference} aria-busy={count < total}>
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

      {shown.map((group) => (
        <section key={group.tag} className={styles.group} aria-labelledby={group.anchor}>
          <Heading as="h2" id={group.anchor}>
            {group.title}
          </Heading>
          {group.description && <p className={styles.groupDescription}>{group.description}</p>}
          {group.operations.map((entry) => (
            <RenderedOperation key={entry.anchor} entry={entry} document={document} />
          ))}
        </section>
      ))}
    </div>
  );
}
