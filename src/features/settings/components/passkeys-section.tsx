import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import FormField from '@site/src/components/form-field';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {getErrorMessage} from '@site/src/lib/errors';
import {passkeysSupported} from '@site/src/lib/passkeys';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';
import {PASSKEY_MESSAGES, PASSKEY_NAME_MAX, normalizePasskeyName} from '@intakekit/contract/passkeys';
import {addPasskey, removePasskey, renamePasskey, usePasskeys, type Passkey} from '../api/passkeys';
import styles from './device-list.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, {dateStyle: 'medium'});

type Feedback = {variant: 'success' | 'error'; text: string} | null;

/** The name field and Save/Cancel that take a row's place while it is renamed. */
function RenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: Passkey;
  onDone: (renamed: Passkey) => void;
  onCancel: () => void;
}): ReactNode {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizePasskeyName(name);
    if (!normalized) {
      setError(PASSKEY_MESSAGES.nameInvalid);
      return;
    }
    setPending(true);
    setError(null);
    try {
      onDone(await renamePasskey(passkey, normalized));
    } catch (failure) {
      setError(getErrorMessage(failure));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.inlineForm}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Rename ${passkey.name}`}
    >
      <FormField
        label="Passkey name"
        name="passkeyName"
        value={name}
        maxLength={PASSKEY_NAME_MAX + 20}
        onChange={(e) => setName(e.target.value)}
        error={error}
        autoFocus
      />
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving...' : 'Save'}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
    </form>
  );
}

/** The name and password that open the browser's passkey prompt. */
function AddPasskeyForm({onAdded, onCancel}: {onAdded: (passkey: Passkey) => void; onCancel: () => void}): ReactNode {
  const {values, field} = useFormValues({name: '', password: ''});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (values.name.trim() && !normalizePasskeyName(values.name)) {
      setError(PASSKEY_MESSAGES.nameInvalid);
      return;
    }
    if (!values.password) {
      setError('Enter your current password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      onAdded(await addPasskey(values));
    } catch (failure) {
      setError(getErrorMessage(failure));
      setPending(false);
    }
  };

  return (
    <form className={styles.addForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add a passkey">
      {error ? (
        <Notice variant="error" className={styles.notice}>
          {error}
        </Notice>
      ) : null}
      <FormField
        label="Name"
        labelNote="(optional)"
        name="passkeyName"
        placeholder="Work laptop"
        hint="Leave it empty to name the passkey after this browser."
        {...field('name')}
        autoFocus
      />
      <FormField
        label="Current password"
        name="password"
        type="password"
        autoComplete="current-password"
        hint="Your browser then asks for your fingerprint, face, screen lock or security key."
        {...field('password')}
      />
      <div className={styles.rowActions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Waiting for your passkey...' : 'Continue'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

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
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  // Known only in the browser: the server render shows no Add button rather than a wrong one.
  useEffect(() => setSupported(passkeysSupported()), []);

  const passkeys = data?.passkeys ?? [];

  const onRemove = async () => {
    if (!removing) return;
    setRemovePending(true);
    setRemoveError(null);
    try {
      await removePasskey(removing);
      setFeedback({variant: 'success', text: `Removed ${removing.name}.`});
      setRemoving(null);
      await mutate();
    } catch (failure) {
      setRemoveError(getErrorMessage(failure));
    } finally {
      setRemovePending(false);
    }
  };

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
              <RenameForm
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
                  <button
                    type="button"
                    className="button button--sm button--outline button--secondary"
                    aria-label={`Rename ${passkey.name}`}
                    onClick={() => {
                      setFeedback(null);
                      setRenaming(passkey.id);
                    }}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--outline button--danger"
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => {
                      setFeedback(null);
                      setRemoveError(null);
                      setRemoving(passkey);
                    }}
                  >
                    Remove
                  </button>
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
      {feedback ? (
        <Notice variant={feedback.variant} className={styles.notice}>
          {feedback.text}
        </Notice>
      ) : null}
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
        pending={removePending}
        error={removeError}
        onConfirm={() => void onRemove()}
      />
    </Panel>
  );
}
