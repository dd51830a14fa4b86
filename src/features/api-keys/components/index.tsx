import {useCallback, useEffect, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import EmptyState from '@site/src/components/empty-state';
import Notice from '@site/src/components/notice';
import {SrOnly} from '@site/src/components/data-table';
import Panel, {PageHeader} from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {ApiKey} from '@site/src/lib/api/keys';
import {errorCode, serverMessage} from '@site/src/lib/errors';
import {useApiKeys} from '../api/use-api-keys';
import type {GracePeriod} from '@intakekit/contract/api-keys';
import type {KeySettingsBody} from '@intakekit/contract/schemas/keys';
import {useKeyActions} from '../api/use-key-actions';
import {formatKeyType, keyLabel} from '../lib/format';
import KeyDetails from './key-details';
import RotateDialog, {CONFIRM_ROTATE} from './rotate-dialog';
import BestPractices from './best-practices';
import KeyTable from './key-table';
import NewKeyBanner, {type RevealedKey} from './new-key-banner';
import ProductionDialog from './production-dialog';
import VerificationBanner from './verification-banner';
import styles from './styles.module.css';

export {CONFIRM_ROTATE};
export const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key?';
export const LOCKED_HINT = 'Email verification required';
const KEY_LIMIT_FALLBACK = 'You have reached the limit of active API keys.';

/**
 * Key list, create, rotate and revoke failures are only logged; the page stays usable. The one
 * exception is the key quota: the person can act on it (revoke a key), so its message is shown.
 */
function logFailure(action: string, error: unknown): void {
  console.warn(`[api-keys] ${action} failed`, error);
}

function KeyIcon(): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
    </svg>
  );
}

/** Now, renewed every 30 s: the time left of grace periods and expiries counts down while the page is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The /api-keys screen: the keys table, create, rotate and revoke (confirmed first), the once-only new key. */
export default function ApiKeysView(): ReactNode {
  const user = useAuthStore((s) => s.user);
  const {keys, data, error, isLoading} = useApiKeys();
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const nowMs = useMinuteClock();
  const actions = useKeyActions();
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const [busy, setBusy] = useState<{id: string; action: 'rotate' | 'revoke'} | null>(null);
  const [productionOpen, setProductionOpen] = useState(false);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const lockedHintId = useId();

  useEffect(() => {
    if (error) logFailure('loading the key list', error);
  }, [error]);

  const verified = Boolean(user?.emailVerified);
  const locked = verified ? {} : {title: LOCKED_HINT, 'aria-describedby': lockedHintId};

  const onCreateSandbox = useCallback(async () => {
    setLimitMessage(null);
    try {
      const issued = await actions.create.trigger('sandbox');
      setRevealed({apiKey: issued.apiKey, title: `${formatKeyType(issued.key?.keyType ?? 'sandbox')} key created`});
    } catch (failure) {
      logFailure('creating a sandbox key', failure);
      if (errorCode(failure) === 'KEY_LIMIT_REACHED') setLimitMessage(serverMessage(failure) ?? KEY_LIMIT_FALLBACK);
    }
  }, [actions.create]);

  const [confirming, setConfirming] = useState<{key: ApiKey; action: 'rotate' | 'revoke'} | null>(null);

  const rotate = useCallback(
    async (key: ApiKey, grace: GracePeriod) => {
      setBusy({id: key.id, action: 'rotate'});
      try {
        const issued = await actions.rotate.trigger({key, grace});
        setRevealed({apiKey: issued.apiKey, title: `${formatKeyType(key.keyType)} key rotated`});
      } catch (failure) {
        logFailure('rotating a key', failure);
      } finally {
        setBusy(null);
      }
    },
    [actions.rotate],
  );

  const revoke = useCallback(
    async (key: ApiKey) => {
      setBusy({id: key.id, action: 'revoke'});
      try {
        await actions.revoke.trigger(key);
        setLimitMessage(null);
      } catch (failure) {
        logFailure('revoking a key', failure);
      } finally {
        setBusy(null);
      }
    },
    [actions.revoke],
  );

  const onConfirmed = useCallback(
    async (grace: GracePeriod = 'now') => {
      if (!confirming) return;
      const {key, action} = confirming;
      await (action === 'rotate' ? rotate(key, grace) : revoke(key));
      setConfirming(null);
    },
    [confirming, rotate, revoke],
  );

  const saveSettings = useCallback(
    (id: string, settings: KeySettingsBody) => actions.update.trigger({id, settings}),
    [actions.update],
  );

  const list = keys ?? [];
  const detailsKey = list.find((k) => k.id === detailsOf) ?? null;
  const activeCount = list.filter((k) => k.status === 'active').length;
  const creating = actions.create.isMutating;

  return (
    <>
      <PageHeader
        title="API Keys"
        description={
          user?.team ? (
            <>
              Keys authenticate the IntakeKit SDK. They are shared by everyone in{' '}
              <Link to="/team" className={styles.teamLink}>
                {user.team.name}
              </Link>
              .
            </>
          ) : (
            'Keys authenticate the IntakeKit SDK in your app. Start with a sandbox key.'
          )
        }
        actions={
          <>
            <button
              type="button"
              className={clsx('button button--primary', styles.headerButton)}
              onClick={() => void onCreateSandbox()}
              disabled={!verified || creating}
              aria-busy={creating || undefined}
              {...locked}
            >
              {creating ? (
                <span className={styles.buttonSpinner} aria-hidden="true" />
              ) : (
                <span aria-hidden="true">+</span>
              )}
              {creating ? 'Creating...' : 'Create Sandbox Key'}
            </button>
            <button
              type="button"
              className={clsx('button button--secondary', styles.headerButton)}
              onClick={() => setProductionOpen(true)}
              disabled={!verified}
              {...locked}
            >
              Create Production Key
            </button>
          </>
        }
      />
      <SrOnly id={lockedHintId}>{verified ? '' : LOCKED_HINT}</SrOnly>

      <div className={styles.stack}>
        {user && !verified ? <VerificationBanner email={user.email} /> : null}
        {limitMessage ? (
          <Notice variant="error" data-testid="key-limit" onDismiss={() => setLimitMessage(null)}>
            {limitMessage}
          </Notice>
        ) : null}
        {revealed ? <NewKeyBanner revealed={revealed} onDismiss={() => setRevealed(null)} /> : null}
      </div>

      <Panel
        id="your-keys"
        title="Your keys"
        description="Masked for display. Only active keys can be rotated or revoked."
        aside={keys && list.length > 0 ? <span className={styles.count}>{activeCount} active</span> : undefined}
        flush
      >
        {isLoading && !keys ? (
          <div className={styles.loading}>
            <Spinner label="Loading API keys..." showLabel />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={<KeyIcon />} title="No API Keys Yet">
            <p>
              Create a sandbox key to try the SDK, then follow the <Link to="/dashboard/quick-start">Quick Start</Link>.
            </p>
          </EmptyState>
        ) : (
          <KeyTable
            keys={list}
            canChange={verified}
            lockedHintId={lockedHintId}
            lockedHint={LOCKED_HINT}
            busy={busy}
            onRotate={(key) => setConfirming({key, action: 'rotate'})}
            onRevoke={(key) => setConfirming({key, action: 'revoke'})}
            onDetails={(key) => setDetailsOf((open) => (open === key.id ? null : key.id))}
            detailsOf={detailsOf}
            nowMs={nowMs}
          />
        )}
      </Panel>

      {detailsKey && data ? (
        <KeyDetails
          apiKey={detailsKey}
          limits={data.limits}
          canChange={verified}
          onSave={(settings) => saveSettings(detailsKey.id, settings)}
          onClose={() => setDetailsOf(null)}
        />
      ) : null}

      <BestPractices />

      <RotateDialog
        target={confirming?.action === 'rotate' ? confirming.key : null}
        pending={busy !== null}
        onClose={() => setConfirming(null)}
        onConfirm={(grace) => void onConfirmed(grace)}
      />

      <ConfirmDialog
        open={confirming?.action === 'revoke'}
        onClose={() => setConfirming(null)}
        title={CONFIRM_REVOKE}
        description={confirming ? keyLabel(confirming.key) : undefined}
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."

        pending={busy !== null}
        onConfirm={() => void onConfirmed()}
      />

      <ProductionDialog open={productionOpen} onClose={() => setProductionOpen(false)} />
    </>
  );
}
