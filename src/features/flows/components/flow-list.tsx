import {useState, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import ListState from '@site/src/components/list-state';
import Panel, {PageHeader} from '@site/src/components/panel';
import {useCreateFlow, useFlows} from '../api/flows';
import {flowPageHref} from '../lib/route';
import {FLOWS_TEXT} from '../lib/texts';
import FlowTable from './flow-table';
import NewFlowDialog from './new-flow-dialog';

/** The /flows list: the team's flows, and New flow for owners and admins. */
export default function FlowList({canManage}: {canManage: boolean}): ReactNode {
  const list = useFlows();
  const {flows} = list;
  const create = useCreateFlow();
  const history = useHistory();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={FLOWS_TEXT.title}
        description={FLOWS_TEXT.description}
        actions={
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            New flow
          </button>
        }
        readOnlyNote={canManage ? null : FLOWS_TEXT.membersReadOnly}
      />
      <Panel id="team-flows" title="Your flows" flush count={flows?.length}>
        <ListState items={flows} state={list} texts={FLOWS_TEXT.list}>
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
