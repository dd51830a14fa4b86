import {useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {useSWRConfig} from 'swr';
import Dialog from '@site/src/components/dialog';
import FormField from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {serverMessageOr} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {deleteAccount} from '../api/delete-account';
import {canDeleteAccount, DELETE_CONFIRM_WORD, DELETE_FAILED} from '../lib/messages';
import styles from './styles.module.css';

/**
 * Forget the deleted account in this browser once the settings page has gone: signing out while it is
 * still on screen would let its guard redirect to /login on the way home (the shell's logout does the same).
 */
function useLeaveSignedOut(): () => void {
  const history = useHistory();
  const {mutate} = useSWRConfig();
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);
  return useCallback(() => {
    pending.current = () => {
      pending.current = null;
      // The server has already ended every session: clear locally, no logout call.
      useAuthStore.getState().setToken(null);
      void mutate(() => true, undefined, {revalidate: false});
    };
    history.push('/');
    window.setTimeout(() => pending.current?.(), 5000);
  }, [history, mutate]);
}

function DeleteAccountDialog({open, onClose, email}: {open: boolean; onClose: () => void; email: string}): ReactNode {
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const leave = useLeaveSignedOut();

  useEffect(() => {
    if (!open) {
      setPassword('');
      setTyped('');
      setError(null);
    }
  }, [open]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canDeleteAccount(password, typed) || deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(password);
      leave();
    } catch (failure) {
      setError(serverMessageOr(failure, DELETE_FAILED));
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Delete your account?"
      description={`This permanently deletes ${email}, signs you out everywhere and cannot be undone. If you own a team, ownership passes to another member.`}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className={styles.dialogForm}>
        {error ? (
          <Notice variant="error" className={styles.formNotice}>
            {error}
          </Notice>
        ) : null}
        <FormField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-autofocus
        />
        <FormField
          label={`Type ${DELETE_CONFIRM_WORD} to confirm`}
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className={styles.dialogActions}>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </button>
          <button
            type="submit"
            className={clsx('button button--danger', styles.deleteButton)}
            disabled={!canDeleteAccount(password, typed) || deleting}
            aria-busy={deleting || undefined}>
            {deleting ? 'Deleting...' : 'Delete Account'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Danger Zone (spec §2; design §4: password and a typed confirmation, then signed out and home). */
export default function DangerZone({email}: {email: string}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id="danger-zone" title="Danger Zone" tone="danger">
      <div className={styles.dangerRow}>
        <div>
          <p className={styles.dangerTitle}>Delete this account</p>
          <p className={styles.dangerText}>Your account, sessions and personal data are removed for good.</p>
        </div>
        <button type="button" className={clsx('button button--danger', styles.deleteButton)} onClick={() => setOpen(true)}>
          Delete Account
        </button>
      </div>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} email={email} />
    </Panel>
  );
}
