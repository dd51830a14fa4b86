import {useState, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import BusyButton from '@site/src/components/busy-button';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import Notice from '@site/src/components/notice';
import {getErrorMessage} from '@site/src/lib/errors';
import type {FlowDetail} from '@intakekit/contract/schemas/flows';
import {downloadExport, useFlowActions} from '../api/flows';
import {FLOWS_PAGE} from '../lib/route';
import {FLOWS_TEXT} from '../lib/texts';
import PublishDialog from './publish-dialog';
import styles from './page.module.css';

const CONFIRMS = {
  archive: {
    title: FLOWS_TEXT.confirmArchive,
    description: FLOWS_TEXT.archiveConsequence,
    confirmLabel: 'Archive flow',
    pendingLabel: 'Archiving...',
  },
  delete: {
    title: FLOWS_TEXT.confirmDelete,
    description: FLOWS_TEXT.deleteConsequence,
    confirmLabel: 'Delete flow',
    pendingLabel: 'Deleting...',
  },
} as const;

interface Props {
  flow: FlowDetail;
  canManage: boolean;
  /** The editor holds changes not saved yet: publishing would leave them out. */
  dirty: boolean;
}

/** Publish (with a note), export the draft, archive or restore, delete a flow never published. */
export default function FlowActions({flow, canManage, dirty}: Props): ReactNode {
  const actions = useFlowActions(flow.flowId);
  const history = useHistory();
  const [dialog, setDialog] = useState<'publish' | 'archive' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useConfirmAction();
  const close = () => {
    setDialog(null);
    confirm.reset();
  };
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (caught) {
      setFailure(getErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const archived = flow.status === 'archived';
  // A flow never published is deleted; a published one is archived instead, its versions kept for its submissions.
  const removal = flow.latestVersion === null ? 'delete' : archived ? null : 'archive';
  const nextNumber = (flow.latestVersion ?? 0) + 1;
  return (
    <>
      <div className={styles.actions}>
        {canManage && !archived ? (
          <button
            type="button"
            className="button button--sm button--primary"
            onClick={() => setDialog('publish')}
            disabled={dirty}
            aria-describedby={dirty ? 'flow-unsaved' : undefined}
          >
            Publish…
          </button>
        ) : null}
        <BusyButton
          className="button button--sm button--secondary"
          busy={busy}
          busyLabel="Exporting..."
          onClick={() => void run(() => downloadExport(flow.flowId, 'draft'))}
        >
          Export draft
        </BusyButton>
        {canManage && archived ? (
          <BusyButton
            className="button button--sm button--secondary"
            busy={busy}
            busyLabel="Restoring..."
            onClick={() => void run(() => actions.restore.trigger())}
          >
            Restore
          </BusyButton>
        ) : null}
        {canManage && removal ? (
          <button
            type="button"
            className="button button--sm button--outline button--danger"
            onClick={() => setDialog(removal)}
          >
            {removal === 'delete' ? 'Delete…' : 'Archive…'}
          </button>
        ) : null}
      </div>
      {dirty && canManage ? (
        <p id="flow-unsaved" className={styles.muted}>
          {FLOWS_TEXT.unsaved} Save the draft to publish it.
        </p>
      ) : null}
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      {canManage ? (
        <>
          <PublishDialog
            open={dialog === 'publish'}
            onClose={close}
            number={nextNumber}
            onPublish={(body) => actions.publish.trigger(body)}
          />
          {(['archive', 'delete'] as const).map((which) => (
            <ConfirmDialog
              key={which}
              open={dialog === which}
              onClose={close}
              {...CONFIRMS[which]}
              description={`${flow.flowId}. ${CONFIRMS[which].description}`}
              {...confirm.dialogProps(async () => {
                await (which === 'archive' ? actions.archive.trigger() : actions.remove.trigger());
                close();
                if (which === 'delete') history.push(FLOWS_PAGE);
              })}
            />
          ))}
        </>
      ) : null}
    </>
  );
}
