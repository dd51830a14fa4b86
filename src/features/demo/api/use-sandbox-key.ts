import useSWR from 'swr';
import {fetchApiKeys, KEYS_PATH, type ApiKey, type ApiKeyList} from '@site/src/lib/api/keys';

/** The user's first active sandbox key, for the live demo (same cache entry as the API Keys page). */
export function useSandboxKey(): {key: ApiKey | null; isLoading: boolean} {
  const {data, error, isLoading} = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  // Spec §8: a failed key list is not shown to the user; the demo then invites them to create a key.
  // A key still in a rotation's grace period is on its way out: its successor is preferred.
  const working = (data?.keys ?? []).filter((k) => k.keyType === 'sandbox' && k.status === 'active');
  const key = error ? null : (working.find((k) => k.graceEndsAt === null) ?? working[0] ?? null);
  return {key, isLoading: isLoading && !error};
}
