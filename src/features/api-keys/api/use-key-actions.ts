import useSWRMutation from 'swr/mutation';
import {KEYS_PATH, type ApiKey, type KeyType} from '@site/src/lib/api/keys';
import {createApiKey} from './create-api-key';
import {rotateApiKey} from './rotate-api-key';
import {revokeApiKey} from './revoke-api-key';

type KeyRef = Pick<ApiKey, 'id' | 'keyType'>;

/**
 * Create, rotate and revoke, each reloading the key list afterwards (spec §4). useSWRMutation revalidates its key
 * once the request has ended, whether it succeeded or failed (the server may have changed the list anyway: a key
 * revoked in another tab), and rethrows a failure for the page to show; its answer is not the list, so it is
 * never written into the list's cache.
 */
export function useKeyActions() {
  return {
    create: useSWRMutation(KEYS_PATH, (_path: string, {arg}: {arg: KeyType}) => createApiKey(arg)),
    rotate: useSWRMutation(KEYS_PATH, (_path: string, {arg}: {arg: KeyRef}) => rotateApiKey(arg)),
    revoke: useSWRMutation(KEYS_PATH, (_path: string, {arg}: {arg: KeyRef}) => revokeApiKey(arg)),
  };
}
