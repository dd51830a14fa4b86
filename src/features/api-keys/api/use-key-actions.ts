import {useRevalidatingMutation} from '@site/src/components/swr-mutation';
import {KEYS_PATH} from '@site/src/lib/api/keys';
import {createApiKey} from './create-api-key';
import {rotateApiKey} from './rotate-api-key';
import {revokeApiKey} from './revoke-api-key';

/** Create, rotate and revoke, each reloading the key list afterwards (spec §4). */
export function useKeyActions() {
  return {
    create: useRevalidatingMutation(KEYS_PATH, createApiKey),
    rotate: useRevalidatingMutation(KEYS_PATH, rotateApiKey),
    revoke: useRevalidatingMutation(KEYS_PATH, revokeApiKey),
  };
}
