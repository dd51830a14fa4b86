import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import {KEYS_PATH, type ApiKey, type KeyType} from '@site/src/lib/api/keys';
import {createApiKey} from './create-api-key';
import {rotateApiKey} from './rotate-api-key';
import {revokeApiKey} from './revoke-api-key';
import {updateApiKey} from './update-api-key';
import type {GracePeriod} from '@intakekit/contract/api-keys';
import type {KeySettingsBody} from '@intakekit/contract/schemas/keys';

type KeyRef = Pick<ApiKey, 'id' | 'keyType'>;

/**
 * Create, rotate, revoke and change settings, each reloading the key list afterwards, whether it succeeded or failed
 * (the server may have changed the list anyway: a key revoked in another tab); each call's failure reaches the page.
 */
export function useKeyActions() {
  return {
    create: useWriteThenReload(KEYS_PATH, (keyType: KeyType) => createApiKey(keyType)),
    rotate: useWriteThenReload(KEYS_PATH, ({key, grace}: {key: KeyRef; grace: GracePeriod}) =>
      rotateApiKey(key, grace),
    ),
    update: useWriteThenReload(KEYS_PATH, ({id, settings}: {id: string; settings: KeySettingsBody}) =>
      updateApiKey(id, settings),
    ),
    revoke: useWriteThenReload(KEYS_PATH, (key: KeyRef) => revokeApiKey(key)),
  };
}
