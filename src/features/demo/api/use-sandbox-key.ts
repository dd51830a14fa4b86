import useSWR from 'swr';
import {fetchApiKeys, KEYS_PATH, type ApiKey, type ApiKeyList} from '@site/src/lib/api/keys';

/** The user's first active sandbox key, for the live demo (same cache entry as the API Keys page). */
export function useSandboxKey(): {key: ApiKey | null; isLoading: boolean} {
  const {data, error, isLoading} = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  // Spec §8: a failed key list is not shown to the user; the demo then invites them to create a key.
  const key = error ? null : (data?.keys.find((k) => k.keyType === 'sandbox' && k.status === 'active') ?? null);
  return {key, isLoading: isLoading && !error};
}
