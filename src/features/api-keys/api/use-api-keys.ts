import useSWR from 'swr';
import {fetchApiKeys, KEYS_PATH, type ApiKeyList} from '@site/src/lib/api/keys';

/** The team's (or the user's own) keys, newest first. */
export function useApiKeys() {
  const result = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  return {...result, keys: result.data?.keys};
}
