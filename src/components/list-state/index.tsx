import type {ReactNode} from 'react';
import LoadFailed from '@site/src/components/load-failed';
import {PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';

interface Props<Item> {
  /** What SWR has: undefined until the first answer; kept while a revalidation fails. */
  items: Item[] | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry: () => unknown;
  /** E.g. 'Loading the flows...' and 'The flows could not be loaded.' */
  loadingLabel: string;
  failedTitle: string;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}

/**
 * A list read once (PagedTable reads one a page at a time): its failure with Try again, its loading state, its empty
 * state, or the list. A list already shown stays when a later read fails.
 */
export default function ListState<Item>({
  items,
  error,
  isLoading,
  onRetry,
  loadingLabel,
  failedTitle,
  empty,
  children,
}: Props<Item>): ReactNode {
  if (error && !items) {
    return <LoadFailed title={failedTitle} message={getErrorMessage(error)} onRetry={() => void onRetry()} />;
  }
  if (isLoading && !items) return <PanelLoading label={loadingLabel} />;
  if (!items || items.length === 0) return empty;
  return children(items);
}
