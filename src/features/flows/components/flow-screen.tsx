import {useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import {PageHeader, PanelLoading} from '@site/src/components/panel';
import {Pill} from '@site/src/components/webhook-delivery/delivery-status';
import {getErrorMessage} from '@site/src/lib/errors';
import {useFlow} from '../api/flows';
import {FLOWS_PAGE} from '../lib/route';
import {FLOWS_TEXT, STATUS_LABELS} from '../lib/texts';
import FlowEditor from './editor/flow-editor';
import FlowActions from './flow-actions';
import FlowPreview from './flow-preview';
import VersionsPanel from './versions-panel';
import styles from './page.module.css';

const TONES = {draft: 'neutral', published: 'success', archived: 'warning'} as const;

/** One flow (`/flows?flow=<id>`): its state and actions, the draft's editor, its versions. */
export default function FlowScreen({flowId, canManage}: {flowId: string; canManage: boolean}): ReactNode {
  const {flow, error, isLoading, mutate} = useFlow(flowId);
  const [dirty, setDirty] = useState(false);
  const back = (
    <Link to={FLOWS_PAGE} className={styles.back}>
      All flows
    </Link>
  );
  if (!flow) {
    return (
      <>
        {back}
        <PageHeader title={flowId} />
        {error ? (
          <LoadFailed
            title={FLOWS_TEXT.flowLoadFailed}
            message={getErrorMessage(error)}
            onRetry={() => void mutate()}
          />
        ) : isLoading ? (
          <PanelLoading label="Loading the flow..." />
        ) : null}
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader
        title={flow.title}
        description={
          <span className={styles.headerFacts}>
            <code>{flow.flowId}</code>
            <Pill tone={TONES[flow.status]}>{STATUS_LABELS[flow.status]}</Pill>
            <span>{flow.latestVersion === null ? 'Not published' : `Version ${flow.latestVersion}`}</span>
            <span>{flow.sessionsLast7Days.toLocaleString()} sessions in the last 7 days</span>
          </span>
        }
        readOnlyNote={canManage ? null : FLOWS_TEXT.membersReadOnly}
      />
      {flow.status === 'archived' ? (
        <Notice variant="warning" className={styles.pageNotice}>
          Archived: pages that name this flow get no new session. Restore it to edit or publish it.
        </Notice>
      ) : null}
      <FlowActions flow={flow} canManage={canManage} dirty={dirty} />
      <FlowEditor flow={flow} canManage={canManage} onDirtyChange={setDirty} />
      <FlowPreview flow={flow} dirty={dirty} />
      <VersionsPanel flow={flow} />
    </>
  );
}
