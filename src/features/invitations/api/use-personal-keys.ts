import useSWR from 'swr';
import {fetchApiKeys, KEYS_PATH, type ApiKeyList} from '@site/src/lib/api/keys';

/**
 * The invitee's keys (GET /api/keys lists a teamless user's personal keys): the API Keys page's cache entry,
 * same key and fetcher, so both show the same list.
 */
export function usePersonalKeys() {
  const result = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  return {...result, keys: result.data?.keys};
}
