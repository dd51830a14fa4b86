import {useEffect, useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {useContractForm} from '@site/src/components/form';
import {getErrorMessage} from '@site/src/lib/errors';
import {passkeysSupported} from '@site/src/lib/passkeys';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';
import {removePasskey, usePasskeys, type Passkey} from '../api/passkeys';
import AddPasskeyForm from './add-passkey-form';
import {FeedbackNotice, type Feedback} from './form-parts';
import PasskeyRenameForm from './passkey-rename-form';
import RowButton from './row-button';
import styles from './device-list.module.css';
import {toDay as day} from '@site/src/lib/local-time';

/**
 * Settings → Passkeys: sign in with the device's lock instead of the password; add, rename and remove them. Adding
 * waits for a verified address: until then the account may be someone else's registration of it.
 */
export default function PasskeysSection({emailVerified}: {emailVerified: boolean}): ReactNode {
  const {data, error, isLoading, mutate} = usePasskeys();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // Removing is a request of its own, confirmed in a dialog: a form without fields.
  const remove = useContractForm({defaultValues: {}});
  const [feedback, setFeedback] = useState<Feedback>(null);

  // Known only in the browser: the server render shows no Add button rather than a wrong one.
  useEffect(() => setSupported(passkeysSupported()), []);

  const passkeys = data?.passkeys ?? [];

  const onRemove = remove.submit(async () => {
    if (!removing) return;
    await removePasskey(removing);
    setFeedback({variant: 'success', text: `Removed ${removing.name}.`});
    setRemoving(null);
    await mutate();
  });

  let body: ReactNode;
  if (isLoading) body = <Spinner label="Loading your passkeys..." />;
  else if (error && !data) {
    body = <LoadFailed message={getErrorMessage(error)} onRetry={() => void mutate()} />;
  } else if (passkeys.length === 0) {
    body = <p className={styles.meta}>No passkeys yet.</p>;
  } else {
    body = (
      <ul className={styles.list} aria-label="Passkeys">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className={styles.row}>
            {renaming === passkey.id ? (
              <PasskeyRenameForm
                passkey={passkey}
                onCancel={() => setRenaming(null)}
                onDone={(renamed) => {
                  setRenaming(null);
                  setFeedback({variant: 'success', text: `Renamed to ${renamed.name}.`});
                  void mutate();
                }}
              />
            ) : (
              <>
                <div className={styles.details}>
                  <p className={styles.name}>
                    {passkey.name}
                    {passkey.backedUp ? <span className={styles.badge}>Synced</span> : null}
                  </p>
                  <p className={styles.meta}>
                    Added {day(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : 'Never used'}
                  </p>
                </div>
                <div className={styles.rowActions}>
                  <RowButton
                    label={`Rename ${passkey.name}`}
                    onClick={() => {
                      setFeedback(null);
                      setRenaming(passkey.id);
                    }}
                  >
                    Rename
                  </RowButton>
                  <RowButton
                    label={`Remove ${passkey.name}`}
                    danger
                    onClick={() => {
                      setFeedback(null);
                      remove.clearErrors();
                      setRemoving(passkey);
                    }}
                  >
                    Remove
                  </RowButton>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Panel
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face, screen lock or security key instead of your password. With two-factor authentication on, a passkey also works as the second step."
    >
      <FeedbackNotice feedback={feedback} className={styles.notice} />
      {body}
      {supported === false ? (
        <Notice variant="info" className={styles.actions}>
          This browser cannot make passkeys. Open Settings in a current browser to add one.
        </Notice>
      ) : null}
      {supported && !emailVerified ? (
        <Notice variant="info" className={styles.actions}>
          {VERIFY_EMAIL_FOR_SIGN_IN_METHODS}
        </Notice>
      ) : null}
      {supported && emailVerified && adding ? (
        <AddPasskeyForm
          onCancel={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            setFeedback({variant: 'success', text: `Passkey added: ${passkey.name}.`});
            void mutate();
          }}
        />
      ) : null}
      {supported && emailVerified && !adding && data ? (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setFeedback(null);
              setAdding(true);
            }}
          >
            Add a passkey
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this passkey?"
        description={
          removing
            ? `${removing.name} will no longer sign you in. Your device may keep it: delete it there too.`
            : undefined
        }
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        pending={remove.formState.isSubmitting}
        error={remove.formError}
        onConfirm={() => void onRemove()}
      />
    </Panel>
  );
}
