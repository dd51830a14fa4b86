import type {ReactNode} from 'react';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import {PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';

/** What a list says while it loads, when it failed, and when it is empty (a heading with a hint, or one line). */
export interface ListTexts {
  loading: string;
  failed: string;
  empty: string;
  emptyHint?: string;
}

interface Props<Item> {
  /** What SWR has: undefined until the first answer; kept while a revalidation fails. */
  items: Item[] | undefined;
  /** The SWR answer the items came from: its failure, its first load and its retry. */
  state: {error?: unknown; isLoading: boolean; mutate: () => unknown};
  texts: ListTexts;
  children: (items: Item[]) => ReactNode;
}

/**
 * A list read once (PagedTable reads one a page at a time): its failure with Try again, its loading state, its empty
 * state, or the list. A list already shown stays when a later read fails.
 */
export default function ListState<Item>({items, state, texts, children}: Props<Item>): ReactNode {
  if (state.error && !items) {
    return (
      <LoadFailed title={texts.failed} message={getErrorMessage(state.error)} onRetry={() => void state.mutate()} />
    );
  }
  if (state.isLoading && !items) return <PanelLoading label={texts.loading} />;
  if (!items || items.length === 0) {
    return texts.emptyHint ? <EmptyState title={texts.empty}>{texts.emptyHint}</EmptyState> : <p>{texts.empty}</p>;
  }
  return children(items);
}
