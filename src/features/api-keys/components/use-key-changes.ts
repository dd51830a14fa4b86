import {useCallback, useState} from 'react';
import {useContractForm} from '@site/src/components/form';
import type {GracePeriod} from '@intakekit/contract/api-keys';
import type {ApiKey} from '@site/src/lib/api/keys';
import {errorCode, serverMessage} from '@site/src/lib/errors';
import {useKeyActions} from '../api/use-key-actions';
import {formatKeyType} from '../lib/format';
import {KEY_LIMIT_FALLBACK} from '../lib/messages';
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
 * Create, rotate and revoke with what they leave on the page: the once-only new key, the key whose change is
 * being confirmed, the key whose change runs, and the quota's message.
 */
export function useKeyChanges() {
  const actions = useKeyActions();
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const [busy, setBusy] = useState<{id: string; action: KeyChange} | null>(null);
  const [confirming, setConfirming] = useState<{key: ApiKey; action: KeyChange} | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  // 'Create Sandbox Key' is a form with no fields: its progress is react-hook-form's, like every form's.
  const create = useContractForm<Record<string, never>>({defaultValues: {}});
  const creating = create.formState.isSubmitting;
  const createSandbox = () => {
    if (creating) return;
    void create.submit(async () => {
      setLimitMessage(null);
      try {
        const issued = await actions.create.trigger('sandbox');
        setRevealed({apiKey: issued.apiKey, title: `${formatKeyType(issued.key?.keyType ?? 'sandbox')} key created`});
      } catch (failure) {
        logFailure('creating a sandbox key', failure);
        if (errorCode(failure) === 'KEY_LIMIT_REACHED') setLimitMessage(serverMessage(failure) ?? KEY_LIMIT_FALLBACK);
      }
    })();
  };

  const run = useCallback(
    async (key: ApiKey, action: KeyChange, grace: GracePeriod) => {
      setBusy({id: key.id, action});
      try {
        if (action === 'rotate') {
          const issued = await actions.rotate.trigger({key, grace});
          setRevealed({apiKey: issued.apiKey, title: `${formatKeyType(key.keyType)} key rotated`});
        } else {
          await actions.revoke.trigger(key);
          setLimitMessage(null);
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
    createSandbox,
    revealed,
    dismissRevealed: () => setRevealed(null),
    limitMessage,
    dismissLimit: () => setLimitMessage(null),
    // A row's rotate or revoke: asked, confirmed, running.
    busy,
    confirming,
    ask: (key: ApiKey, action: KeyChange) => setConfirming({key, action}),
    cancel: () => setConfirming(null),
    runConfirmed,
    update: actions.update,
  };
}
