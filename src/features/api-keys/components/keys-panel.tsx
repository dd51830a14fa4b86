import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import EmptyState from '@site/src/components/empty-state';
import LineIcon from '@site/src/components/line-icon';
import LoadFailed from '@site/src/components/load-failed';
import Panel, {PanelLoading} from '@site/src/components/panel';
import type {ApiKey} from '@site/src/lib/api/keys';
import {getErrorMessage} from '@site/src/lib/errors';
import KeyTable, {type KeyTableProps} from './key-table';

interface Props extends Omit<KeyTableProps, 'keys'> {
  /** undefined until the list has loaded. */
  keys: ApiKey[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded, if it could not. */
  error: unknown;
  onRetry: () => void;
}

/** 'Your keys': the table, its loading state, why it could not be loaded, or 'No API Keys Yet' with the way to start. */
export default function KeysPanel({keys, loading, error, onRetry, ...table}: Props): ReactNode {
  const list = keys ?? [];
  const activeCount = list.filter((k) => k.status === 'active').length;
  let body: ReactNode;
  if (error && !keys)
    body = <LoadFailed title="The API keys could not be loaded." message={getErrorMessage(error)} onRetry={onRetry} />;
  else if (loading && !keys) body = <PanelLoading label="Loading API keys..." />;
  else if (list.length === 0) {
    body = (
      <EmptyState
        icon={
          <LineIcon width="28" height="28" strokeWidth="1.75">
            <circle cx="7.5" cy="15.5" r="5.5" />
            <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
          </LineIcon>
        }
        title="No API Keys Yet"
      >
        <p>
          Create a sandbox key to try the SDK, then follow the <Link to="/dashboard/quick-start">Quick Start</Link>.
        </p>
      </EmptyState>
    );
  } else body = <KeyTable keys={list} {...table} />;
  return (
    <Panel
      id="your-keys"
      title="Your keys"
      description="Masked for display. Only active keys can be rotated or revoked."
      count={list.length > 0 ? `${activeCount} active` : null}
      flush
    >
      {body}
    </Panel>
  );
}
