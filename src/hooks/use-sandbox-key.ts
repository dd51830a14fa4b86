import useSWR from 'swr';
import {fetchApiKeys, KEYS_PATH, type ApiKey, type ApiKeyList} from '@site/src/lib/api/keys';

/**
 * The signed-in user's first active sandbox key: the live demo runs with it and the guide's snippets carry it
 * (the same cache entry as the API Keys page). With `enabled` false nothing is fetched: a caller that may render
 * signed out must pass whether someone is signed in.
 */
export function useSandboxKey(enabled = true): {key: ApiKey | null; isLoading: boolean} {
  const {data, error, isLoading} = useSWR<ApiKeyList>(enabled ? KEYS_PATH : null, fetchApiKeys);
  // A failed key list is not shown to the user; the demo then invites them to create a key.
  // A key still in a rotation's grace period is on its way out: its successor is preferred.
  const working = (data?.keys ?? []).filter((k) => k.keyType === 'sandbox' && k.status === 'active');
  const key = error ? null : (working.find((k) => k.graceEndsAt === null) ?? working[0] ?? null);
  return {key, isLoading: isLoading && !error};
}
