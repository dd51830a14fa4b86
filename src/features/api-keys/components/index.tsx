import {Fragment, useEffect, useId, useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import Notice from '@site/src/components/notice';
import {useClock} from '@site/src/hooks/use-clock';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useProductionAccess, useRequestProductionAccess} from '../api/production-access';
import {useServerKeys} from '../api/server-keys';
import {useApiKeys} from '../api/use-api-keys';
import {keyLabel} from '../lib/format';
import {CONFIRM_REVOKE, revokeConsequence} from '../lib/messages';
import BestPractices from './best-practices';
import KeyDetails from './key-details';
import KeysHeader from './keys-header';
import KeysPanel from './keys-panel';
import NewKeyBanner from './new-key-banner';
import ProductionAccessLine from './production-access';
import ProductionRequestDialog from './production-request-dialog';
import RotateDialog, {CONFIRM_ROTATE} from './rotate-dialog';
import ServerKeysSection from './server-keys';
import {logFailure, useKeyChanges} from './use-key-changes';
import VerificationBanner from './verification-banner';
import styles from './styles.module.css';

export {CONFIRM_ROTATE};
export {CONFIRM_REVOKE, LOCKED_HINT} from '../lib/messages';

/** How often the time left of grace periods and expiries is recomputed while the page is open. */
const COUNTDOWN_TICK_MS = 30_000;

/** The /api-keys screen: the keys table, create, rotate and revoke (confirmed first), the once-only new key. */
export default function ApiKeysView(): ReactNode {
  const user = useAuthStore((s) => s.user);
  const {keys, data, error, isLoading, mutate: reloadKeys} = useApiKeys();
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const nowMs = useClock(COUNTDOWN_TICK_MS);
  const access = useProductionAccess(Boolean(user?.team));
  const requestAccess = useRequestProductionAccess();
  const [requestOpen, setRequestOpen] = useState(false);
  const [requestSent, setRequestSent] = useState(false);
  const changes = useKeyChanges({onProductionRefused: () => void access.mutate()});
  const revoke = useConfirmAction();
  const lockedHintId = useId();

  useEffect(() => {
    if (error) logFailure('loading the key list', error);
  }, [error]);

  // The request ServerKeysSection makes (SWR sends it once), read here only for when it has answered.
  const serverKeys = useServerKeys();
  // Three requests fill the page below its header. Shown as each answered, the production access line grew from
  // one line to three and a button and pushed the keys below it down the screen (a layout shift of 0.14 on a
  // phone). Until all three have answered (or failed) the page shows the keys' loading state; then it shows
  // everything at once, in place of it.
  const settled =
    (keys !== undefined || Boolean(error)) &&
    (!user?.team || access.data !== undefined || Boolean(access.error)) &&
    (serverKeys.keys !== undefined || Boolean(serverKeys.error));
  const verified = Boolean(user?.emailVerified);
  const detailsKey = keys?.find((k) => k.id === detailsOf) ?? null;
  const {confirming} = changes;
  const canRequest = user?.team?.role === 'owner' && access.data?.status === 'not-requested';

  return (
    <>
      <KeysHeader
        user={user}
        verified={verified}
        lockedHintId={lockedHintId}
        creating={changes.creating}
        onCreateSandbox={changes.createSandbox}
        onCreateProduction={access.data?.status === 'ready' ? changes.createProduction : null}
        onRequestAccess={canRequest ? () => setRequestOpen(true) : null}
      />

      <div className={styles.stack}>
        {user && !verified ? <VerificationBanner email={user.email} /> : null}
        {changes.limitMessage ? (
          <Notice variant="error" data-testid="key-limit" onDismiss={changes.dismissLimit}>
            {changes.limitMessage}
          </Notice>
        ) : null}
        {requestSent ? (
          <Notice variant="success" onDismiss={() => setRequestSent(false)}>
            Request sent. We will email you when production access is ready.
          </Notice>
        ) : null}
        {changes.revokedNotice ? (
          <Notice variant="success" onDismiss={changes.dismissRevoked}>
            {changes.revokedNotice}
          </Notice>
        ) : null}
        {changes.revealed ? <NewKeyBanner revealed={changes.revealed} onDismiss={changes.dismissRevealed} /> : null}
      </div>

      {/* New elements in place of the loading state once settled, rather than the same ones moved down. */}
      <Fragment key={settled ? 'settled' : 'loading'}>
        {settled && user ? (
          <ProductionAccessLine
            user={user}
            access={access.data}
            failed={Boolean(access.error)}
            onRequest={() => setRequestOpen(true)}
          />
        ) : null}

        <KeysPanel
          keys={settled ? keys : undefined}
          loading={!settled || isLoading}
          error={settled ? error : undefined}
          onRetry={() => void reloadKeys()}
          canChange={verified}
          lockedHintId={lockedHintId}
          busy={changes.busy}
          onRotate={(key) => changes.ask(key, 'rotate')}
          onRevoke={(key) => changes.ask(key, 'revoke')}
          onDetails={(key) => setDetailsOf((open) => (open === key.id ? null : key.id))}
          detailsOf={detailsOf}
          nowMs={nowMs}
        />

        {detailsKey && data ? (
          <KeyDetails
            apiKey={detailsKey}
            limits={data.limits}
            canChange={verified}
            onSave={(settings) => changes.update.trigger({id: detailsKey.id, settings})}
            onClose={() => setDetailsOf(null)}
          />
        ) : null}

        {user ? <ServerKeysSection user={user} /> : null}

        <BestPractices />
      </Fragment>

      {user?.team ? (
        <ProductionRequestDialog
          open={requestOpen}
          onClose={() => setRequestOpen(false)}
          teamName={user.team.name}
          onRequest={async (body) => {
            await requestAccess.trigger(body);
            setRequestSent(true);
          }}
        />
      ) : null}

      <RotateDialog
        target={confirming?.action === 'rotate' ? confirming.key : null}
        onClose={changes.cancel}
        onConfirm={changes.runConfirmed}
      />

      <ConfirmDialog
        open={confirming?.action === 'revoke'}
        onClose={changes.cancel}
        title={CONFIRM_REVOKE}
        description={confirming ? `${keyLabel(confirming.key)}. ${revokeConsequence(confirming.key)}` : undefined}
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
        {...revoke.dialogProps(() => changes.runConfirmed())}
      />
    </>
  );
}
