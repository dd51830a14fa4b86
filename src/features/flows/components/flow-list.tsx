import {useState, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import EmptyState from '@site/src/components/empty-state';
import ListState from '@site/src/components/list-state';
import Panel, {PageHeader, PanelCount} from '@site/src/components/panel';
import {useCreateFlow, useFlows} from '../api/flows';
import {flowPageHref} from '../lib/route';
import {FLOWS_TEXT} from '../lib/texts';
import FlowTable from './flow-table';
import NewFlowDialog from './new-flow-dialog';

/** The /flows list: the team's flows, and New flow for owners and admins. */
export default function FlowList({canManage}: {canManage: boolean}): ReactNode {
  const {flows, error, isLoading, mutate} = useFlows();
  const create = useCreateFlow();
  const history = useHistory();
  const [creating, setCreating] = useState(false);

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
        note={canManage ? null : FLOWS_TEXT.membersReadOnly}
      />
      <Panel
        id="team-flows"
        title="Your flows"
        flush
        aside={flows && flows.length > 0 ? <PanelCount>{flows.length}</PanelCount> : undefined}
      >
        <ListState
          items={flows}
          error={error}
          isLoading={isLoading}
          onRetry={mutate}
          loadingLabel="Loading the flows..."
          failedTitle={FLOWS_TEXT.loadFailed}
          empty={<EmptyState title={FLOWS_TEXT.noFlows}>{FLOWS_TEXT.noFlowsHint}</EmptyState>}
        >
          {(items) => <FlowTable flows={items} />}
        </ListState>
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
