import {useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import type MiniSearch from 'minisearch';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Dialog from '@site/src/components/dialog';
import {inputClassName} from '@site/src/components/form-field';
import RetryAlert from '@site/src/components/retry-alert';
import {loadSearchIndex} from './load-index';
import {QUERY_OPTIONS, SEARCH_INDEX_PATH, pathsFirst, type SearchEntry} from './search-options';
import styles from './styles.module.css';

const MAX_RESULTS = 10;

interface Result {
  id: string;
  page: string;
  heading: string;
  url: string;
  excerpt: string;
}

type IndexState = {status: 'loading'} | {status: 'failed'} | {status: 'ready'; index: MiniSearch<SearchEntry>};

function useSearchIndex(attempt: number): IndexState {
  const url = useBaseUrl(SEARCH_INDEX_PATH);
  const [state, setState] = useState<IndexState>({status: 'loading'});
  useEffect(() => {
    let current = true;
    setState({status: 'loading'});
    loadSearchIndex(url).then(
      (index) => current && setState({status: 'ready', index}),
      () => current && setState({status: 'failed'}),
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  return state;
}

/**
 * The search dialog: the guide's sections and the API reference's operations, searched in the browser with the
 * index the build wrote. A combobox (ARIA 1.2): the arrow keys move through the results, Enter opens one.
 */
export default function SearchDialog({open, onClose}: {open: boolean; onClose: () => void}): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const state = useSearchIndex(attempt);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const history = useHistory();
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;

  const results = useMemo<Result[]>(() => {
    if (state.status !== 'ready' || query.trim() === '') return [];
    return pathsFirst(query, state.index.search(query, QUERY_OPTIONS))
      .slice(0, MAX_RESULTS)
      .map((hit) => ({
        id: String(hit.id),
        page: hit.page as string,
        heading: hit.heading as string,
        url: hit.url as string,
        excerpt: hit.excerpt as string,
      }));
  }, [state, query]);

  const go = (result: Result) => {
    onClose();
    history.push(result.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(results[Math.min(active, results.length - 1)]!);
    }
  };

  const trimmed = query.trim();
  const status =
    state.status === 'loading'
      ? 'Loading the search index...'
      : state.status === 'failed'
        ? null
        : trimmed === ''
          ? 'Type to search the SDK guide and the API reference.'
          : results.length === 0
            ? `No results for "${trimmed}".`
            : `${results.length} result${results.length === 1 ? '' : 's'}`;

  return (
    <Dialog open={open} onClose={onClose} title="Search" className={styles.dialog}>
      <input
        type="text"
        enterKeyHint="search"
        className={clsx(inputClassName, styles.input)}
        aria-label="Search the SDK guide and the API reference"
        placeholder="Search the guide, e.g. allowed origins or /api/keys"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(Math.min(active, results.length - 1)) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      {state.status === 'failed' ? (
        <RetryAlert
          title="The search index could not be loaded."
          onRetry={() => setAttempt((n) => n + 1)}
          className={styles.failed}
        />
      ) : (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Results" className={styles.results}>
        {results.map((result, index) => (
          // The input keeps focus (aria-activedescendant), so the keys are handled there; a click opens the option.
          <li
            key={result.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={clsx(styles.result, index === active && styles.active)}
            onMouseMove={() => setActive(index)}
            onClick={() => go(result)}
          >
            <span className={styles.resultPage}>{result.page}</span>
            <span className={styles.resultHeading}>{result.heading}</span>
            {result.excerpt && <span className={styles.resultExcerpt}>{result.excerpt}</span>}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
