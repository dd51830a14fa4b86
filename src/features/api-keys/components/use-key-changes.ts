import {useCallback, useState} from 'react';
import {useContractForm} from '@site/src/components/form';
import type {GracePeriod} from '@intakekit/contract/api-keys';
import type {ApiKey, KeyType} from '@site/src/lib/api/keys';
import {errorCode, serverMessage} from '@site/src/lib/errors';
import {useKeyActions} from '../api/use-key-actions';
import {formatKeyType} from '../lib/format';
import {KEY_LIMIT_FALLBACK, revokedMessage} from '../lib/messages';
import type {RevealedKey} from './new-key-banner';

export type KeyChange = 'rotate' | 'revoke';

/**
 * Key list, create, rotate and revoke failures are only logged; the page stays usable. The one
 * exception is the key quota: the person can act on it (revoke a key), so its message is shown.
 */
export function logFailure(action: string, error: unknown): void {
  console.warn(`[api-keys] ${action} failed`, error);
}

/**
 * Create (a production key once the team has production access; a refusal because it lost it meanwhile calls
 * onProductionRefused), rotate and revoke with what they leave on the page: the once-only new key, the key whose change is
 * being confirmed, the key whose change runs, and the quota's message.
 */
export function useKeyChanges({onProductionRefused}: {onProductionRefused?: () => void} = {}) {
  const actions = useKeyActions();
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const [busy, setBusy] = useState<{id: string; action: KeyChange} | null>(null);
  const [confirming, setConfirming] = useState<{key: ApiKey; action: KeyChange} | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [revokedNotice, setRevokedNotice] = useState<string | null>(null);

  // 'Create Sandbox Key' and 'Create Production Key' are one form whose one value is the key type: its progress is
  // react-hook-form's, like every form's, and says which button is busy.
  const create = useContractForm<{keyType: KeyType}>({defaultValues: {keyType: 'sandbox'}});
  const creating = create.formState.isSubmitting ? create.getValues('keyType') : null;
  const createKey = (keyType: KeyType) => {
    if (creating) return;
    create.setValue('keyType', keyType);
    void create.submit(async () => {
      setLimitMessage(null);
      setRevokedNotice(null);
      try {
        const issued = await actions.create.trigger(keyType);
        const type = issued.key?.keyType ?? keyType;
        setRevealed({apiKey: issued.apiKey, title: `${formatKeyType(type)} key created`, keyType: type});
      } catch (failure) {
        logFailure(`creating a ${keyType} key`, failure);
        if (errorCode(failure) === 'KEY_LIMIT_REACHED') setLimitMessage(serverMessage(failure) ?? KEY_LIMIT_FALLBACK);
        if (errorCode(failure) === 'PRODUCTION_NOT_READY') onProductionRefused?.();
      }
    })();
  };

  const run = useCallback(
    async (key: ApiKey, action: KeyChange, grace: GracePeriod) => {
      setBusy({id: key.id, action});
      setRevokedNotice(null);
      try {
        if (action === 'rotate') {
          const issued = await actions.rotate.trigger({key, grace});
          setRevealed({
            apiKey: issued.apiKey,
            title: `${formatKeyType(key.keyType)} key rotated`,
            keyType: key.keyType,
          });
        } else {
          await actions.revoke.trigger(key);
          setLimitMessage(null);
          setRevokedNotice(revokedMessage(key));
        }
      } catch (failure) {
        logFailure(action === 'rotate' ? 'rotating a key' : 'revoking a key', failure);
      } finally {
        setBusy(null);
      }
    },
    [actions.rotate, actions.revoke],
  );

  /** The confirmed change runs, then its dialog closes (also after a failure, which is only logged). */
  const runConfirmed = useCallback(
    async (grace: GracePeriod = 'now') => {
      if (!confirming) return;
      await run(confirming.key, confirming.action, grace);
      setConfirming(null);
    },
    [confirming, run],
  );

  return {
    // Creating, and what it leaves on the page: the new key once, or the quota's message.
    creating,
    createSandbox: () => createKey('sandbox'),
    createProduction: () => createKey('production'),
    revealed,
    dismissRevealed: () => setRevealed(null),
    limitMessage,
    dismissLimit: () => setLimitMessage(null),
    // What a revoke that went through leaves: the page says what it stopped.
    revokedNotice,
    dismissRevoked: () => setRevokedNotice(null),
    // A row's rotate or revoke: asked, confirmed, running.
    busy,
    confirming,
    ask: (key: ApiKey, action: KeyChange) => setConfirming({key, action}),
    cancel: () => setConfirming(null),
    runConfirmed,
    update: actions.update,
  };
}
