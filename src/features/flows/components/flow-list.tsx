import {useState, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import EmptyState from '@site/src/components/empty-state';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel, {PageHeader, PanelCount, PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import {useCreateFlow, useFlows} from '../api/flows';
import {flowPageHref} from '../lib/route';
import {FLOWS_TEXT} from '../lib/texts';
import FlowTable from './flow-table';
import NewFlowDialog from './new-flow-dialog';
import styles from './page.module.css';

/** The /flows list: the team's flows, and New flow for owners and admins. */
export default function FlowList({canManage}: {canManage: boolean}): ReactNode {
  const {flows, error, isLoading, mutate} = useFlows();
  const create = useCreateFlow();
  const history = useHistory();
  const [creating, setCreating] = useState(false);

  let list: ReactNode;
  if (error && !flows) {
    list = <LoadFailed title={FLOWS_TEXT.loadFailed} message={getErrorMessage(error)} onRetry={() => void mutate()} />;
  } else if (isLoading && !flows) {
    list = <PanelLoading label="Loading the flows..." />;
  } else if (!flows || flows.length === 0) {
    list = <EmptyState title={FLOWS_TEXT.noFlows}>{FLOWS_TEXT.noFlowsHint}</EmptyState>;
  } else {
    list = <FlowTable flows={flows} />;
  }

  return (
    <>
      <PageHeader
        title={FLOWS_TEXT.title}
        description={FLOWS_TEXT.description}
        actions={
          canManage ? (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              New flow
            </button>
          ) : undefined
        }
      />
      {canManage ? null : (
        <Notice variant="info" className={styles.pageNotice}>
          {FLOWS_TEXT.membersReadOnly}
        </Notice>
      )}
      <Panel
        id="team-flows"
        title="Your flows"
        flush
        aside={flows && flows.length > 0 ? <PanelCount>{flows.length}</PanelCount> : undefined}
      >
        {list}
      </Panel>
      {canManage ? (
        <NewFlowDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreate={async (body) => {
            const {flow} = await create.trigger(body);
            history.push(flowPageHref(flow.flowId));
          }}
        />
      ) : null}
    </>
  );
}
