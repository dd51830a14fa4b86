import {useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import ListState from '@site/src/components/list-state';
import {managesSubmissions} from '@intakekit/contract/submissions';
import Panel from '@site/src/components/panel';
import type {UserBody} from '@intakekit/contract/schemas/common';
import type {NewServerKeyResponse} from '@intakekit/contract/schemas/server-keys';
import {useServerKeyActions, useServerKeys, type ServerKey} from '../../api/server-keys';
import {SERVER_KEYS_TEXT as TEXT} from '../../lib/server-key-form';
import NewKeyBanner, {type RevealedKey} from '../new-key-banner';
import NewServerKeyDialog from './new-server-key-dialog';
import ServerKeyTable from './server-key-table';

/** Those who manage submissions (a production key reads every answer), with a verified address. */
function mayManage(user: UserBody): boolean {
  return user.emailVerified && managesSubmissions(user.team?.role ?? null);
}

/** 'Server keys', below the browser keys: the list, create, roll and revoke (confirmed), and the key shown once. */
export default function ServerKeysSection({user}: {user: UserBody}): ReactNode {
  const serverKeys = useServerKeys();
  const {keys} = serverKeys;
  const actions = useServerKeyActions();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const [confirming, setConfirming] = useState<{key: ServerKey; action: 'roll' | 'revoke'} | null>(null);
  const confirm = useConfirmAction();
  const canManage = mayManage(user);
  const reveal = (title: string, issued: NewServerKeyResponse) =>
    setRevealed({apiKey: issued.apiKey, title, keyType: issued.key.environment, server: true});
  const close = () => {
    setConfirming(null);
    confirm.reset();
  };
  const runConfirmed = async () => {
    if (!confirming) return;
    if (confirming.action === 'roll') reveal(TEXT.rolled, await actions.roll.trigger(confirming.key));
    else await actions.revoke.trigger(confirming.key);
    close();
  };

  return (
    <Panel
      id="server-keys"
      title={TEXT.title}
      description={TEXT.description}
      count={keys?.length ? `${keys.filter((k) => k.status === 'active').length} active` : null}
    >
      {revealed ? <NewKeyBanner revealed={revealed} onDismiss={() => setRevealed(null)} /> : null}
      {canManage ? (
        <p>
          <button type="button" className="button button--primary button--sm" onClick={() => setCreating(true)}>
            Create server key
          </button>
        </p>
      ) : (
        <p>{TEXT.managersOnly}</p>
      )}
      <ListState items={keys} state={serverKeys} texts={TEXT.list}>
        {(items) => (
          <ServerKeyTable
            keys={items}
            canManage={canManage}
            busyId={confirm.pending ? (confirming?.key.id ?? null) : null}
            onRoll={(key) => setConfirming({key, action: 'roll'})}
            onRevoke={(key) => setConfirming({key, action: 'revoke'})}
          />
        )}
      </ListState>
      <NewServerKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (body) => reveal(TEXT.created, await actions.create.trigger(body))}
      />
      <ConfirmDialog
        open={confirming !== null}
        onClose={close}
        title={confirming?.action === 'roll' ? TEXT.confirmRoll : TEXT.confirmRevoke}
        description={
          confirming
            ? `${confirming.key.name}. ${confirming.action === 'roll' ? TEXT.rollConsequence : TEXT.revokeConsequence}`
            : undefined
        }
        confirmLabel={confirming?.action === 'roll' ? 'Roll key' : 'Revoke key'}
        pendingLabel={confirming?.action === 'roll' ? 'Rolling...' : 'Revoking...'}
        {...confirm.dialogProps(runConfirmed)}
      />
    </Panel>
  );
}
