import type {ReactNode} from 'react';
import DataTable from '@site/src/components/data-table';
import LoadFailed from '@site/src/components/load-failed';
import {PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import styles from './styles.module.css';

/** What useSWRInfinite gives for a list whose pages each name the next one (null on the last). */
export interface Pages {
  data?: ReadonlyArray<{nextCursor: string | null}>;
  error?: unknown;
  isLoading: boolean;
  isValidating: boolean;
  size: number;
  setSize: (size: number) => unknown;
  mutate: () => unknown;
}

interface Props {
  pages: Pages;
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** One <tr role="row"> per item of every page so far; none shows `empty`. */
  rows: ReactNode[];
  empty: ReactNode;
  /** E.g. 'Loading the activity log...' and 'The activity log could not be loaded.' */
  loadingLabel: string;
  failedTitle: string;
  /** The button's words, e.g. 'Load more events'. */
  moreLabel: string;
}

/**
 * A list that arrives a page at a time, as a data table: loading, a failure with Try again, the empty state, or the
 * rows with the button that asks for the next page below them.
 */
export default function PagedTable({pages, label, columns, rows, empty, loadingLabel, failedTitle, moreLabel}: Props) {
  const {data, error, isLoading, isValidating, size, setSize, mutate} = pages;
  if (isLoading && !data) return <PanelLoading label={loadingLabel} />;
  if (error && !data) {
    return <LoadFailed title={failedTitle} message={getErrorMessage(error)} onRetry={() => void mutate()} />;
  }
  if (rows.length === 0) return empty;
  const loadingMore = isValidating && size > (data?.length ?? 0);
  const busy = {disabled: loadingMore, 'aria-busy': loadingMore || undefined};
  return (
    <>
      <DataTable label={label} columns={columns}>
        {rows}
      </DataTable>
      {data?.at(-1)?.nextCursor ? (
        <div className={styles.more}>
          <button type="button" className="button button--secondary" onClick={() => void setSize(size + 1)} {...busy}>
            {loadingMore ? 'Loading...' : moreLabel}
          </button>
        </div>
      ) : null}
    </>
  );
}
