import type {ReactNode} from 'react';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {useAuthStore} from '@site/src/stores/auth-store';
import {managesSubmissions} from '@intakekit/contract/submissions';
import FlowList from './flow-list';
import FlowScreen from './flow-screen';

/** The /flows screen: the list, or one flow (`?flow=<id>`) with its editor, versions and preview. */
export default function FlowsView(): ReactNode {
  // Those who manage submissions manage the flows that collect them: owners and admins, or a user without a team.
  const canManage = useAuthStore((s) => (s.user ? managesSubmissions(s.user.team?.role ?? null) : false));
  const params = useSearchParams();
  const flowId = params?.get('flow');
  if (!params) return null;
  return flowId ? (
    <FlowScreen key={flowId} flowId={flowId} canManage={canManage} />
  ) : (
    <FlowList canManage={canManage} />
  );
}
